# data needs no grad, so data * 1 is still a leaf
x = (data * 1).requires_grad_()
y = torch.linalg.vector_norm(x).square()
assert x.is_leaf and x.requires_grad
