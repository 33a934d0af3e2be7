h = torch.exp(x)
loss1 = torch.sum(h)
loss2 = torch.sum(torch.square(h))
torch.autograd.backward(loss1, retain_graph=True)  # keep the graph for loss2
torch.autograd.backward(loss2)
