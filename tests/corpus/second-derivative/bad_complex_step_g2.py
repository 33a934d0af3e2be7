# expect: second differentiation
# g2 by a complex-step derivative of autograd's first derivative (no second differentiation)
(g1,) = torch.autograd.grad(y, x, create_graph=True)
h = 1e-20
z = torch.complex(x.detach().double(), torch.tensor(h, dtype=torch.float64)).requires_grad_()
yz = torch.sin(z) * z ** 2
(gz,) = torch.autograd.grad(yz, z, grad_outputs=torch.ones_like(yz))
g2 = (-gz.imag / h).float()       # gz = conj(f'(z)): Im f'(x + ih) / h = f''(x)
