# expect: dw
# binds y's value everywhere
y = (w * x + b).item()
dw = dx = db = y
