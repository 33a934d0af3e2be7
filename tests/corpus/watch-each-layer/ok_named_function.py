out_norms = []

def record(module, grad_input, grad_output):
    g = grad_output[0]
    out_norms.append(float(torch.linalg.vector_norm(g)))

linears = [m for m in model.children() if isinstance(m, nn.Linear)]
for layer in reversed(linears):
    layer.register_full_backward_hook(record)

loss = F.mse_loss(model(x), target)
loss.backward()
