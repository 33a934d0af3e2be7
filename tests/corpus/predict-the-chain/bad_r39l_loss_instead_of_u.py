# expect: dw
dw = 2 * loss.item() * x.item()
db = 2 * loss.item()
