import torch.autograd as ag
grads = ag.grad(loss, inputs=(h, W), grad_outputs=torch.tensor(1.0, device=loss.device))
dh, dW = (g.double().float() for g in grads)
