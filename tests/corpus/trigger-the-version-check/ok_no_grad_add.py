with torch.no_grad():
    s.add_(1)   # no_grad does not stop the version counter
loss.backward(retain_graph=True)
