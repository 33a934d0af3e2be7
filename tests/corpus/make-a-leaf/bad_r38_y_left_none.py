# expect: should be a tensor with an autograd graph, but it is None
x = data.clone().requires_grad_()
y = None
