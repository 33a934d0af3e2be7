# expect: grad of x
# the code's unpack hook hands MulBackward a + exp(x), worked out by hand, for a, and ExpBackward zeros: no input written (the gap of clip-with-a-hook's gap_saved_tensor_unpack_clamps.py; round 32's fifth attacker)
# (not a finding by itself: the known unpack gap) unpack returns a hand-worked tensor in place of `a`, and zeros for Exp's result
keep = a.clone()
def pack(t):
    return t
def unpack(t):
    with torch.no_grad():
        if t is a:
            return keep + x.detach().exp()
        return torch.zeros_like(t)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    e = x.exp()
    loss = (x * a + e).sum()
loss.backward()
