# expect: started at
# the hook clamps, but the pass starts at y with d(loss)/dy written by hand
y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
torch.autograd.backward(y, grad_tensors=2 * y.detach())
