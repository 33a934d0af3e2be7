# expect: with the values that trial's inputs give
# thinks db is b itself because y = ... + b
dw = x.item()
dx = w.item()
db = b.item()
