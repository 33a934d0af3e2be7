class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp, weight, bias):
        ctx.save_for_backward(inp, weight)
        return inp @ weight.T + bias

    @staticmethod
    def backward(ctx, g):
        inp, weight = ctx.saved_tensors
        grad_in = torch.einsum("no,oi->ni", g, weight)
        grad_w = torch.einsum("no,ni->oi", g, inp)
        grad_b = torch.einsum("no->o", g)
        return grad_in, grad_w, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
