# expect: set by your code
y = x * w
loss = (y ** 2).sum()
# a hook on the leaf x that also fixes up w.grad "on the way"
def fix(g):
    dy = (2 * y).detach().clamp(-0.5, 0.5)
    w.grad = dy * x.detach()
    return dy * w.detach()
x.register_hook(fix)
torch.autograd.backward(loss, inputs=[x])
