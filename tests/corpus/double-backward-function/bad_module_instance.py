# expect: subclass of
class _XSinModule(torch.nn.Module):
    def forward(self, t):
        return t * torch.sin(t)

    def apply(self, t):
        return self(t)

XSin = _XSinModule()
(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
