# Counts how often forward and backward run, in tensors of its own updated under no_grad
calls = torch.zeros(2)


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        with torch.no_grad():
            calls[0] += 1
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        with torch.no_grad():
            calls[1] += 1
        return grad


y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
print("forward/backward calls:", calls.tolist())
