from torch.autograd import grad as autograd_grad

dh, dW = autograd_grad(loss, [h, W])
