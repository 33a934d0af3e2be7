# expect: `h` should be a tensor, but it is None
h = (x @ W).retain_grad()      # chain it like requires_grad_()
loss = torch.tanh(h).sum()
loss.backward()
