# expect: no autograd in the answer
f = lambda w_, b_: ((w_ * x.detach() + b_) ** 2)
dw = torch.func.grad(f, argnums=0)(w.detach(), b.detach()).item()
db = torch.func.grad(f, argnums=1)(w.detach(), b.detach()).item()
