# expect: grad of w
# one pass from a custom node named like a reduction ("SumBackward"): it sends nothing into y and runs a nested
# pass of a surrogate that carries the gradients worked out by hand
y = w * x + b

class Sum(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        with torch.enable_grad():
            (w * x.detach() + x * w.detach() + b).backward()
        return torch.zeros_like(g)

Sum.apply(y).backward()
