# expect: func.grad
g = (x + 1) * x.exp()
H = torch.diag((x + 2) * x.exp())
