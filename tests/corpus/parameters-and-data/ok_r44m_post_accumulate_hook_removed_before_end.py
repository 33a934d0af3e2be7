w = nn.Parameter(init.clone())
handle = w.register_post_accumulate_grad_hook(lambda p: print("w.grad:", p.grad))
out = data @ w
out.sum().backward()
handle.remove()
w.grad = None
