# expect: w is still the tensor the setup made
handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()

w = torch.tensor(w.tolist(), device=w.device, requires_grad=True)   # "reset" w: the hook stays on the old one
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
