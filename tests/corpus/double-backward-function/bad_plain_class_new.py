# expect: subclass of
class XSin:
    # not a Function at all: calling it (or .apply) just runs plain torch ops
    def __new__(cls, x):
        return x * torch.sin(x)

    @staticmethod
    def apply(x):
        return x * torch.sin(x)

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
