# expect: came through the backward of a custom
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# each step: w passes through torch's BackwardHookFunction; the node's instance apply is a C partial returning the
# gradient worked out by hand before the pass
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
losses, grads = [], []
for step in range(5):
    w.grad = None
    with torch.no_grad():
        hand = 2 * X.t() @ (X @ w - y) / X.shape[0]
    (w2,) = BHF.apply(w)
    w2.grad_fn.apply = functools.partial(torch.add, hand, alpha=0)
    loss = ((X @ w2 - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
