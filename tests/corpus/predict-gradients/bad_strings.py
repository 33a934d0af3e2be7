# expect: dw
dw, dx, db = "-2", "5", "1"
