def chain(outer_grad, local):
    return outer_grad * local

with torch.no_grad():
    u = (w * x + b).item()
dw = chain(2 * u, x.item())
db = chain(2 * u, 1)
