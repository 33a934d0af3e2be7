# w as asked, and an nn.LazyLinear made to cross-check out the way a layer would compute it
w = nn.Parameter(init.clone())
out = data @ w

layer = nn.LazyLinear(1, bias=False)
layer(data)  # materializes the weight: (1, 3)
with torch.no_grad():
    layer.weight.copy_(w.view(1, -1))
assert torch.allclose(layer(data).squeeze(-1), out)
