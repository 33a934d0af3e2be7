# register_multi_grad_hook on each Linear's output, set up from a forward hook
from torch.autograd.graph import register_multi_grad_hook
out_norms = []

def on_forward(module, inputs, output):
    register_multi_grad_hook((output,), lambda grads: out_norms.append(grads[0].norm().item()))

for layer in (model[0], model[2]):
    layer.register_forward_hook(on_forward)
loss = F.mse_loss(model(x), target)
loss.backward()
