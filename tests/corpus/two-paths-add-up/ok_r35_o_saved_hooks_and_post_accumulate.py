# ok: saved-tensor hooks moving to cpu and back, a post-accumulate hook that only logs
log = []
x.register_post_accumulate_grad_hook(lambda p: log.append(p.grad.norm().item()))
with torch.autograd.graph.saved_tensors_hooks(lambda t: t.detach().clone(), lambda t: t):
    loss = (x * a + x.exp()).sum()
loss.backward()
print(log)
