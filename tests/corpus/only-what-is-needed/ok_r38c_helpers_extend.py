from typing import Optional

def _grad_x(grad: torch.Tensor, k: torch.Tensor) -> torch.Tensor:
    work.extend(["x"])
    return k * grad

def _grad_k(grad: torch.Tensor, x: torch.Tensor) -> torch.Tensor:
    work.extend(["k"])
    return torch.einsum("i,i->", grad, x)

class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        gx: Optional[torch.Tensor] = _grad_x(grad, k) if ctx.needs_input_grad[0] else None
        gk: Optional[torch.Tensor] = _grad_k(grad, x) if ctx.needs_input_grad[1] else None
        return gx, gk

ScaleBy.apply(x, k).sum().backward()
print(f"work = {work}")
