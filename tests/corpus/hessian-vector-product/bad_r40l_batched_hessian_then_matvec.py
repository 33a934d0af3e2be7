# expect: returned a tensor of 16 elements of shape [4, 4]
(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(H,) = torch.autograd.grad(g, x, torch.eye(4, device=x.device), is_grads_batched=True)
hvp = H @ v
