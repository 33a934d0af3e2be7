# expect: relative difference 0.2
# round 36's learner: the relative difference was the largest over all elements, beside another element's pair
class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.int().float()

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
