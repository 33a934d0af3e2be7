# round 32's learner: correct, unlike the reference
class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        grad_x = grad_y @ W
        grad_W = torch.zeros_like(W)
        grad_b = torch.zeros(W.shape[0], dtype=grad_y.dtype, device=grad_y.device)
        for i in range(grad_y.shape[0]):
            grad_W = grad_W + torch.outer(grad_y[i], x[i])
            grad_b = grad_b + grad_y[i]
        return grad_x, grad_W, grad_b

loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()
