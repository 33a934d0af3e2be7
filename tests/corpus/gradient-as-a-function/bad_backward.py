# expect: backward
xr = x.clone().requires_grad_()
f(xr).backward()
g = xr.grad
H = torch.autograd.functional.hessian(f, x)
