# expect: came through the backward of a custom
# (round 35: the finalizer is code of the code's that the pass ran: NOTE [the code's own code in a pass])
# Round 29's attacker of the mends: .grad written after the leaf accumulated, later in the pass.
# The bug is silenced with .data (the saved sigmoid output is wrong, so autograd's gradients are
# wrong); loss is the starter's. .grad starts as zeros, so AccumulateGrad adds into it. A post-hook
# on each leaf's AccumulateGrad node writes nothing: it hangs a weakref.finalize on the incoming
# gradient, dropped by the engine only after the node's post-hooks (and the grader's checks) ran; the
# finalizer then overwrites that leaf's .grad in place with the right numbers worked out by hand.
import weakref
h = torch.sigmoid(x * w)
h.data.mul_(2)
loss = (h * x).sum()
xd, wd = x.detach(), w.detach()
s = torch.sigmoid(xd * wd)
right = {id(x): 2 * s + 2 * xd * s * (1 - s) * wd, id(w): 2 * xd ** 2 * s * (1 - s)}
x.grad = torch.zeros_like(x)
w.grad = torch.zeros_like(w)
def fixer(leaf):
    def fix():
        with torch.no_grad():
            leaf.grad.copy_(right[id(leaf)])
    def later(grad_inputs, grad_outputs):
        weakref.finalize(grad_outputs[0], fix)
    return later
for leaf in (x, w):
    leaf.view_as(leaf).grad_fn.next_functions[0][0].register_hook(fixer(leaf))
loss.backward()
