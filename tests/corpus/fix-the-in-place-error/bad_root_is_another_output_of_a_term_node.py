# expect: grad of x
# the in-place bug stays (.data); loss = p + k with p output 0 of unbind(stack([L, S])); the pass starts at q + k,
# q output 1 of that node, the surrogate carrying the chain rule by hand
h = torch.sigmoid(x * w)
h.data.mul_(2)
L = (h * x).sum()
with torch.no_grad():
    s0 = h / 2
    gx = 2 * s0 + 2 * x * s0 * (1 - s0) * w
    gw = 2 * x * s0 * (1 - s0) * x
S = (x * gx).sum() + (w * gw).sum()
p, q = torch.stack([L, S]).unbind()
k = (x * 0).sum()
loss = p + k
(q + k).backward()
