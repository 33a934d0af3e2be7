# expect: db
# misconception: "the gradient with respect to a term is the other factor, and for b it is b itself"
dw = x.item()
dx = w.item()
db = b.item()
