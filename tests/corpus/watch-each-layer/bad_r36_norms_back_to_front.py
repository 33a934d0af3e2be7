# expect: holds the expected values in reverse order
# round 36's learner: the norms in the order the hooks ran, reversed
out_norms = []

def record(module, grad_input, grad_output):
    out_norms.insert(0, grad_output[0].norm().item())

for layer in (model[0], model[2]):
    layer.register_full_backward_hook(record)
loss = F.mse_loss(model(x), target)
loss.backward()
