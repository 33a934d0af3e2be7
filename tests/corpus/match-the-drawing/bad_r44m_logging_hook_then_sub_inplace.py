# expect: modified by an inplace operation
# logging hooks on w and b, but the subtraction done in place on tanh's output
w.register_hook(lambda g: print("w", g))
b.register_hook(lambda g: print("b", g))
a = torch.tanh(w * x + b)
a.sub_(target)
loss = (a ** 2).mean()
