from contextlib import contextmanager

@contextmanager
def watching(layers, sink):
    handles = [l.register_full_backward_hook(
        lambda m, gi, go: sink.append(go[0].norm().item())) for l in layers]
    try:
        yield sink
    finally:
        for h in handles:
            h.remove()

with watching([model[0], model[2]], []) as out_norms:
    loss = F.mse_loss(model(x), target)
    loss.backward()
