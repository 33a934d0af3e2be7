w = torch.nn.Parameter(init.detach().clone(), requires_grad=True)
out = torch.einsum("ij,j->i", data, w)
