# The clamp on y, and post-accumulate hooks on the leaves that only print what backward left
y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
for name, leaf in (("x", x), ("w", w)):
    leaf.register_post_accumulate_grad_hook(lambda p, name=name: print(name, p.grad))
loss = (y ** 2).sum()
loss.backward()
