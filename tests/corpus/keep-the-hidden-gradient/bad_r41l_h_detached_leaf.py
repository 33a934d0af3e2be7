# expect: W.grad
h = (x @ W).detach().requires_grad_()
loss = torch.tanh(h).sum()
loss.backward()
