# expect: out
lin = nn.Linear(3, 1)
with torch.no_grad():
    lin.weight.copy_(init.unsqueeze(0))
w = lin.weight
out = lin(data).squeeze(-1)
