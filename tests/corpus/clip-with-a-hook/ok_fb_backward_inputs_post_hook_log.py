# ok: clamp hook on y, a post-accumulate hook that only logs, autograd.backward with inputs
y = x * w
y.register_hook(lambda g: g.clamp(-0.5, 0.5))
x.register_post_accumulate_grad_hook(lambda p: print("x.grad norm", p.grad.norm().item()))
loss = (y ** 2).sum()
torch.autograd.backward(loss, inputs=[x, w])
