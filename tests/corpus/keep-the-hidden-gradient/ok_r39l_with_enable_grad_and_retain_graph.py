with torch.enable_grad():
    h = x @ W
    h.retain_grad()
    loss = torch.tanh(h).sum()
loss.backward(retain_graph=True)
print(h.grad.shape, W.grad.shape)
