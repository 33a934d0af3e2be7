# Log each leaf's accumulated gradient once a backward pass has put it in .grad
for name, leaf in (("w", w), ("b", b)):
    leaf.register_post_accumulate_grad_hook(lambda p, name=name: print(name, "grad:", p.grad.tolist()))
loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
loss.backward()
