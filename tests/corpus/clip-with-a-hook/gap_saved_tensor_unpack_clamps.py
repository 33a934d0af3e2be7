# expect: grad of w
# no gradient hook changes anything: an unpack hook hands PowBackward a y' with 2*y' = clamp(2*y), an idle hook on y for the count
y = x * w
y.register_hook(lambda g: g)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: (2 * t).clamp(-0.5, 0.5) / 2):
    loss = (y ** 2).sum()
loss.backward()
