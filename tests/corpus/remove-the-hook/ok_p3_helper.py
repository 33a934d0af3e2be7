def magnify(t, factor):
    def hook(g):
        return g * factor
    return t.register_hook(hook)


def grad_of(loss, t):
    t.grad = None
    loss.backward()
    return t.grad.clone()


handle = magnify(w, 100)
first = grad_of((w ** 2).sum(), w)
handle.remove()
second = grad_of((w ** 3).sum(), w)
