class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.round()

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.clone()

y = RoundSTE.apply(x)
loss = torch.sum(y * scale)
loss.backward()
