# a tensor hook on each layer's output, returning the gradient it was given; registered from forward hooks
out_norms = []

def on_forward(module, inputs, output):
    def keep(g):
        out_norms.append(float(g.norm()))
        return g
    output.register_hook(keep)

for layer in (model[0], model[2]):
    layer.register_forward_hook(on_forward)
loss = F.mse_loss(model(x), target)
loss.backward()
