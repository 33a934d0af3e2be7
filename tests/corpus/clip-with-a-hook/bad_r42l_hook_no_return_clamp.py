# expect: a hook changes one only by what it returns
y = x * w
def hook(g):
    g = g.clamp(-0.5, 0.5)   # rebinding the name, nothing returned
y.register_hook(hook)
loss = (y ** 2).sum()
loss.backward()
