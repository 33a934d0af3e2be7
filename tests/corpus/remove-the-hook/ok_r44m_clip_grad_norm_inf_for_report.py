# Report gradient norms with torch.nn.utils.clip_grad_norm_ (max_norm=inf only measures), hook removed properly
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
print("first norm", torch.nn.utils.clip_grad_norm_([w], float("inf")).item())
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
print("second norm", torch.nn.utils.clip_grad_norm_([w], float("inf")).item())
second = w.grad.clone()
