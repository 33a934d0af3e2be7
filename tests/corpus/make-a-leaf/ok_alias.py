leaf = torch.tensor(data.tolist(), requires_grad=True, device=data.device)
x = leaf
y = sum(v ** 2 for v in x)
