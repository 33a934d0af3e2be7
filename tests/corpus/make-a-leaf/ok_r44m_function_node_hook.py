# squares with a Function of my own (differentiable backward), and a printing hook on its node
class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        ctx.save_for_backward(t)
        return t * t

    @staticmethod
    def backward(ctx, grad):
        (t,) = ctx.saved_tensors
        return 2 * t * grad


x = data.clone().requires_grad_()
sq = Square.apply(x)
sq.grad_fn.register_hook(lambda grad_inputs, grad_outputs: print("Square got", grad_outputs[0]))
sq.grad_fn.register_prehook(lambda grad_outputs: None)
y = sq.sum()
y.backward()
