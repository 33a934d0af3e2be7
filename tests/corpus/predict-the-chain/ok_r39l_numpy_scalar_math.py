u = w.detach().numpy() * x.numpy() + b.detach().numpy()
dw = 2 * u * x.numpy()
db = 2 * u
