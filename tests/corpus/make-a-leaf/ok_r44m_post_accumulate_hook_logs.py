# A post-accumulate hook on the leaf that prints the accumulated gradient's norm
x = data.clone().requires_grad_()
x.register_post_accumulate_grad_hook(lambda p: print("x.grad norm now", p.grad.norm().item()))
y = (x ** 2).sum()
y.backward()
