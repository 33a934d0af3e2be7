params = nn.ParameterDict({"w": nn.Parameter(init.clone())})
w = params["w"]
out = torch.bmm(data.unsqueeze(1), w.expand(data.shape[0], -1).unsqueeze(2)).view(-1)
