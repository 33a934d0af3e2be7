from torch.func import grad, jacfwd

grad_f = grad(f)
g = grad_f(x)
H = jacfwd(grad_f)(x)   # forward-over-reverse Hessian
