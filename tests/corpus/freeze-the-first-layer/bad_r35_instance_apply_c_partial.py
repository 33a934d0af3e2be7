# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# the second layer's output passes through BackwardHookFunction; the node's instance apply is a C partial
# returning d mse / d out worked out by hand
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
first.requires_grad_(False)
out = second(torch.relu(first(X)))
with torch.no_grad():
    hand = 2 * (out - y) / out.numel()
(out2,) = BHF.apply(out)
out2.grad_fn.apply = functools.partial(torch.add, hand, alpha=0)
loss = F.mse_loss(out2, y)
loss.backward()
