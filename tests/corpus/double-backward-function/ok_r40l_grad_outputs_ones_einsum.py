class XSin(torch.autograd.Function):
    @staticmethod
    def forward(ctx, inp):
        ctx.save_for_backward(inp)
        return inp * inp.sin()

    @staticmethod
    def backward(ctx, grad_output):
        inp, = ctx.saved_tensors
        local = torch.einsum('i,i->i', inp, torch.cos(inp)) + torch.sin(inp)
        return local * grad_output

out = XSin.apply(x)
g1 = torch.autograd.grad(out, x, grad_outputs=torch.ones_like(out), create_graph=True)[0]
g2 = torch.autograd.grad(g1, x, grad_outputs=torch.ones_like(g1))[0]
