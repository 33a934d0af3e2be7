# expect: only by what it returns
def clip(g):
    g.clamp(-0.5, 0.5)

y = x * w
y.register_hook(clip)
loss = (y ** 2).sum()
loss.backward()
