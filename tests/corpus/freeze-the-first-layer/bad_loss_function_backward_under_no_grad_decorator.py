# expect: grad of w2
# loss is a custom Function whose hand backward is decorated with @torch.no_grad() (the wrapper's code is in torch's folder)
first.requires_grad_(False)
hid = torch.relu(first(X))

class Loss(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w, b):
        out = hid @ w.T + b
        ctx.save_for_backward(out)
        return ((out - y) ** 2).mean()
    @staticmethod
    @torch.no_grad()
    def backward(ctx, g):
        out, = ctx.saved_tensors
        d = 2 * (out - y) / out.numel()
        return g * (d.T @ hid), g * d.sum(0)

loss = Loss.apply(w2, b2)
loss.backward()
