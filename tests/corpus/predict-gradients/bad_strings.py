# expect: dw
dw, dx, db = "3", "2", "1"
