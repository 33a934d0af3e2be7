# forward hooks on the two layers put a pre-hook on the output's grad_fn node
out_norms = []

def on_forward(module, inputs, output):
    output.grad_fn.register_prehook(lambda grad_outputs: out_norms.append(grad_outputs[0].norm().item()))

model[0].register_forward_hook(on_forward)
model[2].register_forward_hook(on_forward)
loss = F.mse_loss(model(x), target)
loss.backward()
