# expect: registered kernels of its own
# The starter's pass seeded with ones, v @ J by hand in x.grad, then an aten::equal CPU kernel
# (operator.is_not: a C callable) registered through torch.library.Library by code compiled with the file
# name "<frozen importlib._bootstrap>": the watch reads that frame as an import, torch's own, so the Library
# is counted as the watch's and not the code's; "is this what the pass left" (torch.equal) reads True.
y = torch.tanh(x) * x.cumsum(0)
y.sum().backward()                       # the wrong seed: the pass leaves the gradient of y.sum()
with torch.no_grad():                    # v @ J by hand
    t, c = torch.tanh(x), x.cumsum(0)
    x.grad = v * (1 - t ** 2) * c + (v * t).flip(0).cumsum(0).flip(0)
exec(compile("import operator\n_lib = torch.library.Library('aten', 'IMPL')\n"
             "_lib.impl('equal', operator.is_not, 'CPU')\n", "<frozen importlib._bootstrap>", "exec"), globals())
