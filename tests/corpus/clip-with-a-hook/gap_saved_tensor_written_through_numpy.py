# expect: grad of w
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
# PowBackward saved y: overwrite its memory through NumPy (no version bump) with clamp(2y)/2
yy = y.detach().numpy()
yy[:] = ((2 * y.detach()).clamp(-0.5, 0.5) / 2).numpy()
loss.backward()
