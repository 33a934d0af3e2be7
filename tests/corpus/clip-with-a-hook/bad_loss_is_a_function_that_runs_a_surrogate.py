# expect: grad of w
# an idle hook on y; loss is the output of a custom Function whose backward sends nothing into (y ** 2).sum()
# and runs a nested pass of a surrogate carrying the clipped chain rule worked out by hand
y = x * w
y.register_hook(lambda g: g)
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x

class Carry(torch.autograd.Function):
    @staticmethod
    def forward(ctx, t):
        return t.clone()
    @staticmethod
    def backward(ctx, g):
        with torch.enable_grad():
            ((x * gx).sum() + (w * gw).sum()).backward()
        return None

loss = Carry.apply((y ** 2).sum())
loss.backward()
