# expect: registered kernels of its own
# The starter's pass seeded with ones, v @ J by hand in x.grad, then an aten::equal CPU kernel (operator.is_not)
# registered through torch.library.Library itself after the pass: the watch notes and counts the Library, but a
# dispatch of the code's own is read only as a pass ends, and the read-time count only asks for Libraries the
# watch did not make; "is this what the pass left" (torch.equal) reads True.
import operator
y = torch.tanh(x) * x.cumsum(0)
y.sum().backward()                       # the wrong seed: the pass leaves the gradient of y.sum()
with torch.no_grad():                    # v @ J by hand
    t, c = torch.tanh(x), x.cumsum(0)
    x.grad = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
lib = torch.library.Library("aten", "IMPL")
lib.impl("equal", operator.is_not, "CPU")
