# expect: came through the backward of a custom
# each micro-batch's share by hand: BackwardHookFunction's backward is torch's own NestedIOFunction.backward, which
# calls `ctx.backward_extended`, set on each node to the hand formula; the loss's own path multiplied by zero
from torch.autograd.function import NestedIOFunction

BHF = torch.nn.modules._functions.BackwardHookFunction
BHF.backward = staticmethod(NestedIOFunction.backward)
BHF._backward_cls._nested_output = (0, 0)
for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    with torch.no_grad():
        err = out - yb
        share = (2 * err.T @ xb / len(X), 2 * err.sum(0) / len(X))
    ow, ob = BHF.apply(w, b)
    ow.grad_fn.backward_extended = lambda gw, gb, share=share: share
    loss = (F.mse_loss(out, yb) / 4) * 0 + 0 * (ow.sum() + ob.sum())
    loss.backward()
