# expect: not left there by a backward pass
y = x * w
y.register_hook(lambda g: print("dL/dy", g))
loss = (y ** 2).sum()
with torch.no_grad():            # put the clipping correction in .grad first
    dy = 2 * y
    fix = dy.clamp(-0.5, 0.5) - dy
    x.grad = fix * w
    w.grad = fix * x
loss.backward()                  # the pass adds the unclipped gradient
