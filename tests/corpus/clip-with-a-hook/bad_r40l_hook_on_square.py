# expect: `w.grad` differs from the expected gradient
y = x * w
sq = y ** 2
sq.register_hook(lambda g: g.clamp(-0.5, 0.5))
loss = sq.sum()
loss.backward()
