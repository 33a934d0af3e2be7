# round 32's learner: correct, unlike the reference
g1 = torch.autograd.grad(y, x, create_graph=True)[0]
g1.backward(inputs=[x])
g2 = x.grad
