# each row of the Hessian from grad, placed into a matrix
from torch.func import grad

g = grad(f)(x)
H = torch.zeros(x.shape[0], x.shape[0], dtype=x.dtype, device=x.device)
for i in range(x.shape[0]):
    H[i] = grad(lambda t, i=i: grad(f)(t)[i])(x)
