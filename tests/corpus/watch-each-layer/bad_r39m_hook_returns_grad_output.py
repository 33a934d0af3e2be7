# expect: out_norms
# the hook returns grad_output, which torch takes as a new grad_input
out_norms = []
def record(m, gin, gout):
    out_norms.append(gout[0].norm().item())
    return gout
for layer in (model[0], model[2]):
    layer.register_full_backward_hook(record)
loss = F.mse_loss(model(x), target)
loss.backward()
