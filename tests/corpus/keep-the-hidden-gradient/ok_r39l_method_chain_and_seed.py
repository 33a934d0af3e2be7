h = x.matmul(W)
h.retain_grad()
loss = h.tanh().sum()
loss.backward(gradient=torch.tensor(1.0))
