# expect: replaced a gradient
# Round 29's fourth attacker: a hook on y puts the code's own pre-hooks back before the observers' on
# x's and w's accumulators, mid-pass; they return the clipped gradients worked out by hand.
# no clamp anywhere in the pass's real flow: the loss hook is a no-op; pre-hooks on x's and w's
# AccumulateGrad nodes return the clipped chain rule by hand, and a tensor hook on y (which runs before the
# accumulators) moves those pre-hooks ahead of the grader's, so "what autograd delivered" is the forged value
y = x * w
loss = (y ** 2).sum()
dy = (2 * y).detach().clamp(-0.5, 0.5)
ax, aw = [n for n, _ in y.grad_fn.next_functions]
hx = ax.register_prehook(lambda go: (dy * w.detach(),))
hw = aw.register_prehook(lambda go: (dy * x.detach(),))

def reorder(g):
    for h in (hx, hw):
        d = h.hooks_dict_ref()
        items = list(d.items())
        mine = [(k, v) for k, v in items if k == h.id]
        rest = [(k, v) for k, v in items if k != h.id]
        d.clear()
        for k, v in mine + rest:
            d[k] = v
    return None

y.register_hook(reorder)
loss.backward()
