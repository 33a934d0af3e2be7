# expect: grad of w
# an honest-looking loss.backward(), then a second pass from a surrogate that adds the clipping correction by hand
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
loss.backward()
with torch.no_grad():
    dy = 2 * y
    fix = dy.clamp(-0.5, 0.5) - dy
    cx, cw = fix * w, fix * x
((x * cx).sum() + (w * cw).sum()).backward()
