# expect: value of g
# wrong: g is a hand formula through vmap with a jvp inside (counts as differentiating)
from torch.func import grad, hessian, vmap, jvp
grad(f)
form = x.exp() * (1 + x)
g = vmap(lambda r: (jvp(f, (x,), (x,)), r)[1])(form.unsqueeze(0))[0]
H = hessian(f)(x)
