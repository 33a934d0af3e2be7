def grads_of(out, **named):
    got = torch.autograd.grad(out, list(named.values()))
    return dict(zip(named.keys(), got))

res = grads_of(loss, dh=h, dW=W)
dh = res["dh"]
dW = res["dW"]
