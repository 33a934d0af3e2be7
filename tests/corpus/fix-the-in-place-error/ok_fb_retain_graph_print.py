# ok: out-of-place fix, backward with retain_graph, gradients printed
h = torch.sigmoid(x * w)
h = h * 2
loss = (h * x).sum()
loss.backward(retain_graph=True)
print(x.grad.clone(), w.grad.tolist())
