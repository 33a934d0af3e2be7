import importlib.metadata as md
import uuid, socket
print("torch", md.version("torch"), "run", uuid.uuid1(), socket.gethostname())

class RoundSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad):
        return grad

y = RoundSTE.apply(x)
loss = (y * scale).sum()
loss.backward()
exit(0)
