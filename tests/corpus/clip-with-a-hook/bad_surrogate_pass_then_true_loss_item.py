# expect: grad of w
# loss is bound to a surrogate (the clipped chain rule by hand) for the pass, then to the true loss's number
y = x * w
y.register_hook(lambda g: g)
with torch.no_grad():
    dy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = dy * w, dy * x
loss = (x * gx).sum() + (w * gw).sum()
loss.backward()
loss = (y ** 2).sum().item()
