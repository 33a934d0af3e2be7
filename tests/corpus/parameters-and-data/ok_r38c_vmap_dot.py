w = nn.Parameter(init.clone())
out = torch.vmap(torch.dot, in_dims=(0, None))(data, w)
