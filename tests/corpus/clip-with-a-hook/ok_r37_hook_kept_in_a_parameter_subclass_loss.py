# A correct answer that keeps the loss as a tensor of a small Parameter subclass of its own (no override):
# honest, if odd (it reads like a Parameter, and the grader reads it as plain).
class Logged(nn.Parameter):
    pass


y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
loss.__class__ = Logged
