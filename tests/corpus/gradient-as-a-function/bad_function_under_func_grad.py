# expect: came through the backward of a custom
# round 35 attacker: f rewritten as a custom autograd.Function whose backward is f's gradient by hand;
# grad and jacrev(grad) of it run the hand formula (torch.func runs a Function's backward past the observer)
from torch.func import grad, jacrev


class Ff(torch.autograd.Function):
    @staticmethod
    def forward(x_):
        return (x_.exp() * x_).sum()

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, gg):
        (x_,) = ctx.saved_tensors
        return gg * (x_ + 1) * x_.exp()


g = grad(Ff.apply)(x)
H = jacrev(grad(Ff.apply))(x)
