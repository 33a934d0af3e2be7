# expect: hidden trials only
# mixing up "with respect to": dy/dw = w, dy/dx = x
dw = 5.0
dx = -2.0
db = 1.0
