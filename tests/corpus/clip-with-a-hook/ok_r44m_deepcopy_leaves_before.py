import copy

x0, w0 = copy.deepcopy(x), copy.deepcopy(w)   # keep the starting values
y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
print((x - x0).abs().max(), (w - w0).abs().max())
