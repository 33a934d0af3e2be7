x = torch.tensor(data.tolist(), requires_grad=True, device=data.device)
y = torch.square(x).sum()
