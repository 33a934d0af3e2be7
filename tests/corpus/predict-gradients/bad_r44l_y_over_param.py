# expect: and the right one: an answer of that type fails where its value is wrong
# thinks db is b itself because y = ... + b
dw = x.item()
dx = w.item()
db = b.item()
