# expect: dw
inner = w * x + b
dw = 2 * inner * x
db = 2 * inner
