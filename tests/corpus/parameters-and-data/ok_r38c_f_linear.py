w = torch.nn.parameter.Parameter(init.detach().clone(), requires_grad=True)
out = F.linear(data, w.unsqueeze(0)).squeeze(-1)
assert out.shape == (data.shape[0],)
