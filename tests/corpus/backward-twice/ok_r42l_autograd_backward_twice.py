h = torch.exp(x)
losses = [h.sum(), h.pow(2).sum()]
loss1, loss2 = losses
for i, l in enumerate(losses):
    torch.autograd.backward(l, retain_graph=(i < len(losses) - 1))
