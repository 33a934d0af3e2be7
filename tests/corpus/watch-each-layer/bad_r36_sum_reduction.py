# expect: is 32 times the expected one
# round 36's learner: a summed loss; a list had no "N times" words
out_norms = []

def record(module, grad_input, grad_output):
    out_norms.append(grad_output[0].norm().item())

for layer in (model[0], model[2]):
    layer.register_full_backward_hook(record)
loss = F.mse_loss(model(x), target, reduction="sum")
loss.backward()
