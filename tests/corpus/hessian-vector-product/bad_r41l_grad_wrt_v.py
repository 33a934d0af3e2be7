# expect: One of the differentiated Tensors does not require grad
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, v)
