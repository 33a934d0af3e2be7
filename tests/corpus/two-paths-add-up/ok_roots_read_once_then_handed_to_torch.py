# round 31's second attacker's roots, which iterate one way for the grader and another for torch: the
# grader reads them once and hands torch what it read (observe_passes.materialized), so the pass runs
# from loss, and the surrogate's wrong numbers never reach x.grad
# x.grad worked out by hand (a + exp(x)) by a surrogate's pass: the roots are a list whose iteration
# yields `loss` to the grader's frames and the surrogate to torch's, so the pass reads as one from `loss`.
import sys
loss = (x * a + x.exp()).sum()
s = (x * (a + 2 * x.detach().exp())).sum()                          # by hand
class Roots(list):
    def __iter__(self):
        theirs = "/tutor/grade/" in sys._getframe(1).f_code.co_filename
        return iter([loss] if theirs else [s])
torch.autograd.backward(Roots([loss]))
