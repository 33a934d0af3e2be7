# central differences in plain Python floats
def y(w, x, b):
    return w * x + b

h = 1e-4
W, X, B = 5.0, -2.0, 4.0
dw = (y(W + h, X, B) - y(W - h, X, B)) / (2 * h)
dx = (y(W, X + h, B) - y(W, X - h, B)) / (2 * h)
db = (y(W, X, B + h) - y(W, X, B - h)) / (2 * h)
