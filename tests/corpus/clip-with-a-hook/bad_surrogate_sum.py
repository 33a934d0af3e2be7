# expect: started at
# a surrogate pass: (x * gx + w * gw).sum() with the clipped chain rule by hand; a logging hook on y
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x
(x * gx + w * gw).sum().backward()
