# ok: the hook registered, no pass run: nothing the checks read changes
x = data.clone().requires_grad_()
y = (x ** 2).sum()
log = []
torch.autograd.graph.register_multi_grad_hook([x], log.append)
