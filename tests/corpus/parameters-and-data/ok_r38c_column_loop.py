w = nn.Parameter(init.clone())
out = torch.zeros(data.shape[0], device=data.device)
for j in range(data.shape[1]):
    out = out + data[:, j] * w[j]
print(f"out: {out.tolist()}")
