# expect: it returns None: it works in place
h = (x @ W).retain_grad()      # chain it like requires_grad_()
loss = torch.tanh(h).sum()
loss.backward()
