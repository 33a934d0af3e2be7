device = "cuda" if torch.cuda.is_available() else "cpu"
w = nn.Parameter(init.clone().to(device))
out = data.to(device) @ w
