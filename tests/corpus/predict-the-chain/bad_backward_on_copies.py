# expect: backward
w2 = w.detach().clone().requires_grad_()
b2 = b.detach().clone().requires_grad_()
((w2 * x + b2) ** 2).backward()
dw, db = w2.grad.item(), b2.grad.item()
