from fractions import Fraction as F
# exact arithmetic on paper, kept as fractions
g = [F(2, 5), F(-1, 2), F(-1, 2)]
w_grad = [g[0] * 1, g[1] * -2, g[2] * 3]
x_grad = [g[0] * F(1, 5), g[1] * F(1, 4), g[2] * -1]
