# expect: dw
inner = w.item() * x.item() + b.item()
dw = inner * x.item()
db = inner
