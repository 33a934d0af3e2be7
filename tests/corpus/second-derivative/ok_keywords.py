first = torch.autograd.grad(outputs=[y], inputs=[x], grad_outputs=[torch.ones_like(y)], create_graph=True)
g1 = first[0]
g2 = torch.autograd.grad(outputs=g1.sum(), inputs=x)[0]
