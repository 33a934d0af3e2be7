f = lambda a, c, d: a * c + d
y = f(w, x, b)
y.backward()
value = y.item()
