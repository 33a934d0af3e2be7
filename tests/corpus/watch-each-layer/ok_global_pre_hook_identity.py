out_norms = []
watched = (model[0], model[2])

def pre(module, grad_output):
    if any(module is m for m in watched):
        out_norms.append(grad_output[0].norm().item())

handle = nn.modules.module.register_module_full_backward_pre_hook(pre)
try:
    loss = F.mse_loss(model(x), target)
    loss.backward()
finally:
    handle.remove()
