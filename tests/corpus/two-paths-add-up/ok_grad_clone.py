# ok: the gradient torch.autograd.grad returned, cloned into x.grad
mul_path = a * x
exp_path = x.exp()
loss = (mul_path + exp_path).sum()
grads = torch.autograd.grad([loss], [x])
x.grad = grads[0].clone()
