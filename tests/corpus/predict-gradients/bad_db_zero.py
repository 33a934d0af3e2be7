# expect: db
dw = -2.0
dx = 5.0
db = 0.0
