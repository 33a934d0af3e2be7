# correct: logs gradient norms with hooks on w and b, one pass, unpacks the two logged norms
norms = []
w.register_hook(lambda g: norms.append(g.norm().item()))
b.register_hook(lambda g: norms.append(g.norm().item()))
loss = ((torch.tanh(w * x + b) - target) ** 2).mean()
loss.backward()
nw, nb = norms
print(nw, nb)
