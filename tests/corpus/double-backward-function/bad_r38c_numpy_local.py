# expect: gradgradcheck
import numpy as np
class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sin(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        xn = x.detach().cpu().numpy()
        local = torch.from_numpy(np.sin(xn) + xn * np.cos(xn)).to(grad.device)
        return grad * local

(g1,) = torch.autograd.grad(XSin.apply(x).sum(), x, create_graph=True)
(g2,) = torch.autograd.grad(g1.sum(), x)
