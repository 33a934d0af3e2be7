# expect: replaced a gradient
# Round 29's attacker of the mends: .grad written after the leaf accumulated, later in the pass.
# The bug is silenced with .data (the saved sigmoid output is wrong, so autograd's gradients are
# wrong). A side graph made before the loss (older nodes run last) joins loss as `+ 0 * side`; its
# saved-tensor unpack hook runs after x and w accumulated and overwrites x.grad and w.grad in place
# with the right numbers worked out by hand.
q = torch.ones(1, requires_grad=True)
def unpack(t):
    if x.grad is not None and w.grad is not None:
        with torch.no_grad():
            xd, wd = x.detach(), w.detach()
            s = torch.sigmoid(xd * wd)
            x.grad.copy_(2 * s + 2 * xd * s * (1 - s) * wd)
            w.grad.copy_(2 * xd ** 2 * s * (1 - s))
    return t
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
    side = q.exp().sum()
h = torch.sigmoid(x * w)
h.data.mul_(2)
loss = (h * x).sum() + 0 * side
loss.backward()
