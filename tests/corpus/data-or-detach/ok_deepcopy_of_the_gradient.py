# ok: a deep copy of the gradient autograd.grad returned
import copy
y = torch.exp(x)
logged = (y.detach() / 2).sum().item()
loss = y.sum()
x.grad = copy.deepcopy(torch.autograd.grad(loss, x)[0])
