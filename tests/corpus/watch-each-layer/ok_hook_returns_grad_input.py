# each hook hands grad_input back unchanged (allowed: the pass goes on as before)
out_norms = []

def record(module, grad_input, grad_output):
    out_norms.append(torch.linalg.vector_norm(grad_output[0]).item())
    return grad_input

for layer in (model[2], model[0]):
    layer.register_full_backward_hook(record)
loss = F.mse_loss(model(x), target)
loss.backward()
