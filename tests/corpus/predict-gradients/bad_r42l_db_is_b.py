# expect: db
dw = -2.0
dx = 5.0
db = 4.0
