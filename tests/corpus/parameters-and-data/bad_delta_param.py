# expect: w
# w holds zeros (a learnable offset from init), not init's values
w = nn.Parameter(torch.zeros_like(init))
out = data @ (init + w)
