# expect: came through the backward of a custom
# (round 35: the finalizer is code of the code's that the pass ran: NOTE [the code's own code in a pass])
# Round 29's attacker of the mends: .grad written after the leaf accumulated, later in the pass.
# loss exactly as the prompt writes it; nothing is clamped in the pass (the hook on y returns what it
# is given). .grad starts as zeros, so AccumulateGrad adds into it and does not keep the incoming
# gradient. A post-hook on each leaf's AccumulateGrad node writes nothing: it hangs a
# weakref.finalize on the incoming gradient, which the engine drops only after the node's post-hooks
# (and the grader's checks) ran; the finalizer then overwrites that leaf's .grad in place with the
# clipped chain rule worked out by hand.
import weakref
y = x * w
y.register_hook(lambda g: g)
loss = (y ** 2).sum()
dy = (2 * y).detach().clamp(-0.5, 0.5)
x.grad = torch.zeros_like(x)
w.grad = torch.zeros_like(w)
def fixer(leaf, other):
    def fix():
        with torch.no_grad():
            leaf.grad.copy_(dy * other.detach())
    def later(grad_inputs, grad_outputs):
        weakref.finalize(grad_outputs[0], fix)
    return later
ax, aw = [n for n, _ in y.grad_fn.next_functions]
ax.register_hook(fixer(x, w))
aw.register_hook(fixer(w, x))
loss.backward()
