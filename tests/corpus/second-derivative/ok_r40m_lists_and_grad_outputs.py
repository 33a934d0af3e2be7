(g1,) = torch.autograd.grad(outputs=[y], inputs=[x], grad_outputs=[torch.ones_like(y)], create_graph=True)
(g2,) = torch.autograd.grad(outputs=[g1], inputs=[x], grad_outputs=[torch.ones_like(g1)])
