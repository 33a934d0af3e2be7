# expect: y changes with x as a sum of squares does
# wrong: y = sum(x * data); a multi-grad hook doubles the gradient in place, to pass for the square's 2x
x = data.clone().requires_grad_()
y = (x * data).sum()
torch.autograd.graph.register_multi_grad_hook((x,), lambda grads: grads[0].mul_(2 * x.detach() / data))
y.backward()
