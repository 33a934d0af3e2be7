# expect: It is 2 times the expected value everywhere
dh, dW = torch.autograd.grad(loss, [h, W], grad_outputs=torch.tensor(2.0))
