w = nn.Parameter(data=init.detach().clone(), requires_grad=True)
out = torch.linalg.vecdot(data, w.expand_as(data))
