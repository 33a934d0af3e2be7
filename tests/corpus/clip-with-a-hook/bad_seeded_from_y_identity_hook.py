# expect: started at
# the clamped d(loss)/dy worked out by hand seeds a pass from y; the hook does nothing
y = x * w
y.register_hook(lambda grad: grad)
loss = (y ** 2).sum()
y.backward((2 * y).clamp(-0.5, 0.5).detach())
