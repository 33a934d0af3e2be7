y = x * w
handle = y.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
w_grad = w.grad.tolist()
x_grad = x.grad.tolist()
handle.remove()
# reset like optimizer.zero_grad(set_to_none=False)
with torch.no_grad():
    w.grad.zero_()
    x.grad.zero_()
