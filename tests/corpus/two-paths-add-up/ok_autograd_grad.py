term1 = x * a
term2 = torch.exp(x)
loss = torch.sum(term1 + term2)
(gx,) = torch.autograd.grad(loss, x)
x.grad = gx
