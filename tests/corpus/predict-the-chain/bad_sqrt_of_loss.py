# expect: dw
u = loss.item() ** 0.5   # the inner value, read back from the loss
dw = 2 * u * x.item()
db = 2 * u
