import io, sys

class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

buf = io.StringIO()
old, sys.stdout = sys.stdout, buf
print("debug: rounding", x)
sys.stdout = old
y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
print(f"captured {len(buf.getvalue())} chars")
