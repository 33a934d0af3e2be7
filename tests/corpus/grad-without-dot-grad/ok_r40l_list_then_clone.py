wanted = {"dh": h, "dW": W}
got = torch.autograd.grad(loss, list(wanted.values()))
results = dict(zip(wanted, got))
dh = results["dh"].clone()
dW = results["dW"].clone()
