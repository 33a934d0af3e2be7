# expect: of `grad_output[0]`
out_norms = []

def record(module, grad_input, grad_output):
    out_norms.append(grad_input[0].norm().item())

model[0].register_full_backward_hook(record)
model[2].register_full_backward_hook(record)
loss = F.mse_loss(model(x), target)
loss.backward()
