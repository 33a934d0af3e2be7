# expect: gradient
w = nn.Parameter(init.clone())
out = torch.tensor([torch.dot(row, w).item() for row in data], device=data.device)
