# ok: a logging multi-grad hook on the parameter, and a backward of its own
w = nn.Parameter(init.clone())
out = data @ w
norms = []
torch.autograd.graph.register_multi_grad_hook((w,), lambda grads: norms.append(float(grads[0].norm())))
out.sum().backward()
