# expect: backward
y = w * x + b
w.grad = x.detach().clone()
x.grad = w.detach().clone()
b.grad = torch.ones_like(b)
torch.zeros((), requires_grad=True).backward()   # "call backward"
