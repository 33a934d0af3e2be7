# expect: value of per_sample
# wrong: functorch.vmap over a hand formula with a token functorch.grad inside
import functorch
def row(x, y):
    functorch.grad(loss_fn)(w, x, y)
    t = torch.tanh(x @ w)
    return 2 * (t - y) * (1 - t ** 2) * x
per_sample = functorch.vmap(row)(xs, ys)
