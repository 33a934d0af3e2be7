# Print the gradient flowing into every intermediate, from the drawing's top to its leaves
z = w * x + b
a = torch.tanh(z)
d = a - target
sq = d ** 2
loss = sq.mean()
for name, t in (("sq", sq), ("d", d), ("a", a), ("z", z)):
    t.register_hook(lambda g, name=name: print(f"d loss / d {name}: {g.tolist()}"))
loss.backward()
