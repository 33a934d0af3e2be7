# Log w.grad's norm once backward has accumulated it, then run one pass to look
w = nn.Parameter(init.clone())
w.register_post_accumulate_grad_hook(lambda p: print("w.grad norm:", p.grad.norm().item()))
out = data @ w
out.sum().backward()
