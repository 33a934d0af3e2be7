# expect: post accumulate grad hooks should return None
# clamps the leaves' gradients after accumulation, not the gradient with respect to y
y = x * w
for leaf in (x, w):
    leaf.register_post_accumulate_grad_hook(lambda p: p.grad.clamp_(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
