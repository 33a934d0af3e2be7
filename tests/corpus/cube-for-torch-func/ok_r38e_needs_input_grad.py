from typing import Any, Optional, Tuple


class Cube(torch.autograd.Function):
    generate_vmap_rule = True

    @staticmethod
    def forward(x: torch.Tensor) -> torch.Tensor:
        return x ** 3

    @staticmethod
    def setup_context(ctx: Any, inputs: Tuple[torch.Tensor], output: torch.Tensor) -> None:
        x = inputs[0]
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx: Any, grad: torch.Tensor) -> Optional[torch.Tensor]:
        if not ctx.needs_input_grad[0]:
            return None
        (x,) = ctx.saved_tensors
        return grad * 3 * x ** 2


g = torch.func.grad(lambda t: Cube.apply(t).sum())(x)
ys = torch.func.vmap(Cube.apply)(xs)
