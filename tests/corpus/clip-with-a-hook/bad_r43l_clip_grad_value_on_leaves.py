# expect: do not fix up `x.grad` and `w.grad` afterwards
y = x * w
loss = (y ** 2).sum()
loss.backward()
torch.nn.utils.clip_grad_value_([x, w], 0.5)
