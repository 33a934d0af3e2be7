# expect: replaced a gradient
# Round 29's attacker.
# No clamp in the pass (the only hook returns None). A saved-tensor unpack hook, run during the pass
# before the leaves accumulate, pre-loads .grad with (clipped - unclipped) worked out by hand, so the
# sum the pass leaves is the hand-clipped answer.
done = []

def unpack(t):
    if not done:
        done.append(1)
        with torch.no_grad():
            yd = x.detach() * w.detach()
            g, c = 2 * yd, (2 * yd).clamp(-0.5, 0.5)
            x.grad = (c - g) * w.detach()
            w.grad = (c - g) * x.detach()
    return t

with torch.autograd.graph.saved_tensors_hooks(lambda t: t, unpack):
    y = x * w
    y.register_hook(lambda grad: None)
    loss = (y ** 2).sum()
loss.backward()
