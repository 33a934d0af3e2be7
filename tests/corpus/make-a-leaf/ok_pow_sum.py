x = torch.tensor(data.tolist(), requires_grad=True)
y = torch.sum(torch.pow(x, 2))
