# ok: one hook told when both w's and b's gradients of a pass are ready (mode "all")
loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
ready = []
torch.autograd.graph.register_multi_grad_hook((w, b), lambda grads: ready.append(all(g is not None for g in grads)))
loss.backward()
