# expect: dx
# "the derivative of w*x wrt x is -w"
dw = -2.0
dx = -5.0
db = 1.0
