out_norms = []

@torch.no_grad()
def hook(module, grad_input, grad_output):
    g = grad_output[0].to(torch.float64)
    out_norms.append(torch.sqrt(torch.einsum("ij,ij->", g, g)).item())

for m in model.modules():
    if isinstance(m, nn.Linear):
        m.register_full_backward_hook(hook)
loss = F.mse_loss(model(x), target)
loss.backward()
