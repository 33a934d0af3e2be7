# round 32's learner: correct, unlike the reference
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad.view_as(grad)

y = RoundSTE.apply(x)
loss = (scale * y).sum()
loss.backward()
