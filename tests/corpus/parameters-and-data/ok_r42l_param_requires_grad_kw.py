from torch.nn import Parameter
w = Parameter(init.detach().clone(), requires_grad=True)
out = torch.einsum("ij,j->i", data, w)
