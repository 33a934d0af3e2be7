# expect: not left there by a backward pass
y = x * w
y.register_hook(lambda g: print("grad of y:", g))   # a hook, but it only logs
loss = (y ** 2).sum()
loss.backward()
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    x.grad = dy * w
    w.grad = dy * x
