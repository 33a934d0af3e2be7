# expect: grad of w
# loss = p + k, p output 0 of unbind(stack([L, S])); the pass starts at q + k, q output 1 of the same node (the surrogate S
# with the clipped chain rule by hand): its terms are loss's terms, so it reads as "a sum rebuilt from the same terms"
y = x * w
y.register_hook(lambda g: g)
L = (y ** 2).sum()
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x
S = (x * gx).sum() + (w * gw).sum()
p, q = torch.stack([L, S]).unbind()
k = (x * 0).sum()
loss = p + k
(q + k).backward()
