from torch.nn.utils import get_total_norm
out_norms = []
def hook(module, grad_input, grad_output):
    out_norms.append(get_total_norm(grad_output).item())
model[0].register_full_backward_hook(hook)
model[2].register_full_backward_hook(hook)
loss = F.mse_loss(model(x), target)
loss.backward()
