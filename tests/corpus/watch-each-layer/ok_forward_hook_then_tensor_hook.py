# borderline: tensor hooks on each Linear's output, registered from forward hooks on the layers
out_norms = []


def on_forward(module, inputs, output):
    output.register_hook(lambda g: out_norms.append(g.norm().item()))


model[0].register_forward_hook(on_forward)
model[2].register_forward_hook(on_forward)
loss = F.mse_loss(model(x), target)
loss.backward()
