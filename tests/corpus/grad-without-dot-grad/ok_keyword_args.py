grads = torch.autograd.grad(outputs=loss, inputs=(h, W), retain_graph=True)
dh = grads[0]
dW = grads[1]
