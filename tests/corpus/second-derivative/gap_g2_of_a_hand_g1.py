# expect: autograd
# g2 as autograd's derivative of a hand-written g1 (g1 itself from autograd)
(g1,) = torch.autograd.grad(y, x, create_graph=True)
hand_g1 = torch.cos(x) * x ** 2 + 2 * x * torch.sin(x)
(g2,) = torch.autograd.grad(hand_g1, x)
