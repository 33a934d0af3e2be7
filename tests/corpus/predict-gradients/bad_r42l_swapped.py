# expect: dw
dw = 5.0   # thought dy/dw = w
dx = -2.0
db = 1.0
