# expect: dw
dw = 5.0
dx = -2.0
db = 1.0
