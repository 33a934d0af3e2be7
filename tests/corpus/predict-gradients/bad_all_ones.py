# expect: dw
dw = dx = db = 1.0
