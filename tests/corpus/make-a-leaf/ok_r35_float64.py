x = torch.tensor(data.tolist(), dtype=torch.float64, requires_grad=True)
y = (x ** 2).sum()
