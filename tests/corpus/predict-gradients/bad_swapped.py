# expect: dw
dw = 2.0
dx = 3.0
db = 1.0
