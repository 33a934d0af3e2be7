# ok: a hook on x that logs the gradients of one pass (register_multi_grad_hook, mode "all"); the grader's own
# checks differentiate with autograd.grad, where torch's hook of that mode cannot run on a leaf
x = data.clone().requires_grad_()
y = (x ** 2).sum()
seen = []
handle = torch.autograd.graph.register_multi_grad_hook((x,), lambda grads: seen.append(grads[0].norm().item()))
y.backward()
