# expect: value of g2
# g1 detached to print it, then differentiated (round 32's learner)
(g1,) = torch.autograd.grad(y, x, create_graph=True)
g1 = g1.detach()      # to print it
print(g1)
(g2,) = torch.autograd.grad(g1, x)
