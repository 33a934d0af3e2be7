# expect: grad of
# y made by a module; its full backward hook returns grad_input with the clipped chain rule by hand
class Mul(nn.Module):
    def forward(self, a, b):
        return a * b
mul = Mul()
y = None
def fix(m, grad_input, grad_output):
    dy = (2 * y).detach().clamp(-0.5, 0.5)
    return (dy * w.detach(), dy * x.detach())
mul.register_full_backward_hook(fix)
y = mul(x, w)
loss = (y ** 2).sum()
loss.backward()
