# ok: create_graph=True (the results carry a graph), kept in a dict by name first
wanted = {"h": h, "W": W}
found = dict(zip(wanted, torch.autograd.grad(loss, list(wanted.values()), create_graph=True)))
dh = found["h"]
dW = found["W"]
