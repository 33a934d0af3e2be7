# expect: dw
dw = 2.0
dx = 5.0
db = 1.0
