w = nn.Parameter(init.clone())
out = torch.bmm(data.unsqueeze(1), w.expand(5, 3).unsqueeze(2)).flatten()
