# expect: replaced a gradient
# Round 29's attacker of the mends: .grad written after the leaf accumulated, later in the pass.
# An unpack hook of a branch made before y (lower sequence number: the engine runs it after x and w
# accumulate) overwrites x.grad and w.grad in place with the clipped numbers worked out by hand.
# The only gradient hook returns what it was given; no clamp in the pass.
q = torch.ones(5, requires_grad=True)
def unpack(t):
    with torch.no_grad():
        yd = x.detach() * w.detach()
        c = (2 * yd).clamp(-0.5, 0.5)
        if x.grad is not None and w.grad is not None:
            x.grad.copy_(c * w.detach())
            w.grad.copy_(c * x.detach())
    return t
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
    side = q.exp()
y = x * w
y.register_hook(lambda grad: grad)
loss = (y ** 2).sum() + 0 * side.sum()
loss.backward()
