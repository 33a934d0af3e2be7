# the hooks keep the gradient tensors in a dict keyed by layer; numpy norms after
import numpy as np
grads = {}
order = []

def keep(module, grad_input, grad_output):
    grads[id(module)] = grad_output[0].detach().cpu()
    order.append(id(module))

for layer in model:
    if isinstance(layer, nn.Linear):
        layer.register_full_backward_hook(keep)
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = [float(np.linalg.norm(grads[k].numpy())) for k in order]
