w = nn.Parameter(init.detach().clone())
out = torch.mv(data, w)
