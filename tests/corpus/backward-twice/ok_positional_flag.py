h = x.exp()
loss1 = h.sum()
loss2 = (h ** 2).sum()
loss1.backward(torch.ones_like(loss1), True)  # gradient, retain_graph
loss2.backward(gradient=torch.tensor(1.0, device=x.device))
print(x.grad)
