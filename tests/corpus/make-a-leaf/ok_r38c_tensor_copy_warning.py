x = torch.tensor(data, requires_grad=True)   # torch warns: copy-construct; still a fresh leaf
y = (x * x).sum(dim=0)
