out_norms = []
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(lambda m, gi, go: out_norms.append(go[0].norm().item()))
for name, p in model.named_parameters():
    p.register_post_accumulate_grad_hook(lambda p, name=name: print(name, "grad norm", p.grad.norm().item()))
loss = F.mse_loss(model(x), target)
loss.backward()
