# exercise: clip-with-a-hook
y = x * w
def clip(grad):
    return grad.clamp(-0.5, 0.5)
handle = y.register_hook(clip)
loss = (y ** 2).sum()
loss.backward()
handle.remove()
