class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.round(x)

    @staticmethod
    def setup_context(ctx, inputs, output):
        pass

    @staticmethod
    def backward(ctx, grad_output):
        # straight through: d round(x)/dx treated as 1
        return grad_output.clone()

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
