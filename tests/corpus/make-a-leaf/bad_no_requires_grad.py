# expect: x.requires_grad
x = torch.tensor(data.tolist())
y = (x ** 2).sum()
