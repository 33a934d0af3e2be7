torch.autograd.backward(y, create_graph=True)
g1 = x.grad           # keeps this tensor, whatever x.grad becomes
x.grad = None
torch.autograd.backward(g1)
g2 = x.grad
