# Preallocated log of every rounded value forward produced (up to 10000), written in place
history = torch.zeros(10000)
count = [0]


class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        r = torch.round(x)
        n = r.numel()
        if count[0] + n <= history.numel():
            history[count[0]:count[0] + n] = r.detach().flatten()
            count[0] += n
        return r

    @staticmethod
    def backward(ctx, grad):
        return grad


y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
print(history[:count[0]])
