class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = x.clone()
        with torch.no_grad():
            out.round_()
        return out

    @staticmethod
    def backward(ctx, g):
        return g

y = RoundSTE.apply(x)
loss = (y * scale).sum()
torch.autograd.backward([loss])
report = {"y": y.tolist(), "grad": x.grad.tolist(), "loss": loss.item()}
print(report)
