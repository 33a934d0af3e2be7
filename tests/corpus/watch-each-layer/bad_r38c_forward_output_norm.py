# expect: out_norms
out_norms = []
def record(module, inputs, output):
    out_norms.insert(0, output.norm().item())

for layer in (model[0], model[2]):
    layer.register_forward_hook(record)
loss = F.mse_loss(model(x), target)
loss.backward()
