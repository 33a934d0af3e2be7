h = torch.exp(x)
loss1 = torch.sum(h)
loss2 = torch.sum(h ** 2)
losses = [loss1, loss2]
for i, l in enumerate(losses):
    l.backward(retain_graph=(i < len(losses) - 1))
