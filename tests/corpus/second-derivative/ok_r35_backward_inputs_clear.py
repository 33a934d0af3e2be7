torch.autograd.backward(y, inputs=[x], create_graph=True)
g1 = x.grad
x.grad = None
torch.autograd.backward(g1, inputs=[x])
g2 = x.grad
g1 = g1.detach()
