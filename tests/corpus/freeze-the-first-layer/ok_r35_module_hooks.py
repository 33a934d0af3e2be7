# correct: a full backward hook and a forward hook on the second layer that only record norms (removed after)
norms = []


def bwd(module, grad_input, grad_output):
    norms.append(float(grad_output[0].norm()))


def fwd(module, inputs, output):
    norms.append(float(output.detach().norm()))


h1 = second.register_full_backward_hook(bwd)
h2 = second.register_forward_hook(fwd)
first.requires_grad_(False)
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
h1.remove()
h2.remove()
