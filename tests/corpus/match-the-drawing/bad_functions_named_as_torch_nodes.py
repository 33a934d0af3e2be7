# expect: graph of loss
class Mul(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, c):
        ctx.save_for_backward(c)
        return a * c
    @staticmethod
    def backward(ctx, g):
        (c,) = ctx.saved_tensors
        return g * c, None

class Add(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, c):
        return a + c
    @staticmethod
    def backward(ctx, g):
        return g, g

class Tanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        out = torch.tanh(t)
        ctx.save_for_backward(out)
        return out
    @staticmethod
    def backward(ctx, g):
        (out,) = ctx.saved_tensors
        return g * (1 - out * out)

class Sub(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, c):
        return a - c
    @staticmethod
    def backward(ctx, g):
        return g, None

class Pow(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, e):
        ctx.save_for_backward(a)
        return a * a
    @staticmethod
    def backward(ctx, g):
        (a,) = ctx.saved_tensors
        return 2 * a * g, None

class Mean(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a):
        ctx.n = a.numel()
        ctx.shape = a.shape
        return a.sum() / a.numel()
    @staticmethod
    def backward(ctx, g):
        return g.expand(ctx.shape) / ctx.n

loss = Mean.apply(Pow.apply(Sub.apply(Tanh.apply(Add.apply(Mul.apply(w, x), b)), target), torch.tensor(2.0, device=w.device)))
