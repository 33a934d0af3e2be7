out = f(x)
torch.autograd.backward(out, inputs=[x], create_graph=True)
g = x.grad
x.grad = None
torch.autograd.backward(g, grad_tensors=v, inputs=[x])
hvp = x.grad.detach()
