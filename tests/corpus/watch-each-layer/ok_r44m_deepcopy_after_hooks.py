# the copy is made after the hooks (it carries them), and is only used without backward
import copy

out_norms = []


def record(module, grad_input, grad_output):
    out_norms.append(grad_output[0].norm().item())


for layer in (model[0], model[2]):
    layer.register_full_backward_hook(record)
snapshot = copy.deepcopy(model)
loss = F.mse_loss(model(x), target)
loss.backward()
with torch.no_grad():
    print(F.mse_loss(snapshot(x), target).item())
