xs = [1.0, -2.0, 3.0]
ws = [0.2, 0.25, -1.0]
def clamp(v, lo=-0.5, hi=0.5):
    return max(lo, min(hi, v))
gy = [clamp(2 * a * b) for a, b in zip(xs, ws)]
w_grad = [g * a for g, a in zip(gy, xs)]
x_grad = [g * b for g, b in zip(gy, ws)]
print("w_grad", w_grad, "x_grad", x_grad)
