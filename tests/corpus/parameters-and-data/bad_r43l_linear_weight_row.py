# expect: in `init`'s shape
# the way nn.Linear stores it: weight of shape (out_features, in_features) = (1, 3)
layer = nn.Linear(3, 1, bias=False)
with torch.no_grad():
    layer.weight.copy_(init.unsqueeze(0))
w = layer.weight
out = layer(data).squeeze(1)
