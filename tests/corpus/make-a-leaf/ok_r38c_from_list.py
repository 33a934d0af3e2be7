x = torch.tensor(data.tolist(), dtype=data.dtype, device=data.device, requires_grad=True)
y = torch.sum(torch.square(x))
