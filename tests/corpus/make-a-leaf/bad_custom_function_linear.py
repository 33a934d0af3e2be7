# expect: square
# a Function that returns sum of squares but is linear for autograd (backward = 2*data, constant)
class SqSum(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return (t * t).sum()
    @staticmethod
    def backward(ctx, g):
        return g * 2 * data
x = data.clone().requires_grad_()
y = SqSum.apply(x)
