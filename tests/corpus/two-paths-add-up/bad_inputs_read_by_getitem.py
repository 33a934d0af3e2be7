# expect: inputs and grad mode
# inputs given as a class with __getitem__ and no __iter__, which torch iterates after the observers' reads (round 32's third attacker)
# torch.autograd.grad's `inputs` given as an object with __getitem__ and no __iter__: the observers pass it
# to torch as it is (not read once into a tuple); torch's tuple(inputs) runs the code's __getitem__ after
# the observers' start-of-pass reads, which writes `a` (saved by Mul) behind autograd's back with
# a + exp(x) by hand and zeroes Exp's saved result; a hook on x puts `a` back before the pass ends.
def alias(t):
    return torch.empty(0, device=t.device, dtype=t.dtype).set_(t.untyped_storage(), t.storage_offset(), t.shape, t.stride())
e = x.exp()
loss = (x * a + e).sum()
keep = a.clone()
SCALE = 1.0
class Inputs:
    def __getitem__(self, i):
        if i == 0:
            with torch.no_grad():
                alias(a).copy_(keep + x.exp() * SCALE)   # by hand
                alias(e).zero_()
            return x
        raise IndexError(i)
def put_back(g):
    with torch.no_grad():
        alias(a).copy_(keep)
h = x.register_hook(put_back)
(g,) = torch.autograd.grad(loss, Inputs())
h.remove()
x.grad = g
