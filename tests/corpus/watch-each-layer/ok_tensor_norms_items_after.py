# the hooks keep tensors; floats are made after backward
kept = []

def record(module, grad_input, grad_output):
    kept.append(grad_output[0].detach().norm())

model[0].register_full_backward_hook(record)
model[2].register_full_backward_hook(record)
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = [float(n) for n in kept]
