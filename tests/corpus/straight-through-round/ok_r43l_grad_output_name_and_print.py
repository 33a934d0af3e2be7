class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        # straight-through: pretend d round(x)/dx == 1
        grad_input = grad_output
        return grad_input

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
print(x.grad, scale)
