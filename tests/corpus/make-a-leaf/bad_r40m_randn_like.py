# expect: x holds data's values
x = torch.randn_like(data, requires_grad=True)
y = (x ** 2).sum()
