# expect: registered kernels of its own
# As the corpus's bad_r39a_equal_kernel_via_unwrapped_dispatch_library.py, but torch._C._dispatch_library called as it stands (the observers' wrapper), after the pass: the Library is kept and counted (read-time count holds), and a dispatch of the code's own is asked about only as a pass ends.
import operator
y = torch.tanh(x) * x.cumsum(0)
y.sum().backward()                       # the wrong seed: the pass leaves the gradient of y.sum()
with torch.no_grad():                    # v @ J by hand
    t, c = torch.tanh(x), x.cumsum(0)
    x.grad = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
make = torch._C._dispatch_library
lib = make("IMPL", "aten", "", "", 0)
lib.impl("equal", "CPU", operator.is_not, False)
