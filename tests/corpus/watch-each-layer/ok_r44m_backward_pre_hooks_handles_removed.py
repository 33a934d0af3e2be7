out_norms = []
handles = [layer.register_full_backward_pre_hook(lambda m, grad_output: out_norms.append(grad_output[0].norm().item()))
           for layer in (model[0], model[2])]
loss = F.mse_loss(model(x), target)
loss.backward()
for h in handles:
    h.remove()
