# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# each micro-batch's model output passes through BackwardHookFunction; the node's instance apply is a C partial
# returning d(loss/4)/d out worked out by hand
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
steps = 4
for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    with torch.no_grad():
        hand = 2 * (out - yb) / out.numel() / steps
    (out2,) = BHF.apply(out)
    out2.grad_fn.apply = functools.partial(torch.add, hand, alpha=0)
    loss = F.mse_loss(out2, yb) / steps
    loss.backward()
