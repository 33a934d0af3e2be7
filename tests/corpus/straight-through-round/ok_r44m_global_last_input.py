# forward keeps the last input it saw in a global, for inspection
last_input = None


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        global last_input
        last_input = x.detach().clone()
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad


y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
print(last_input)
