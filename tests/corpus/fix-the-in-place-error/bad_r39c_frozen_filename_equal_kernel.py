# expect: registered kernels of its own
# Gradients by hand after a pass through a detached h; aten::equal made operator.is_not (a C callable)
# through torch.library.Library by code compiled as "<frozen importlib._bootstrap>": read as an import
# (torch's own), counted as the watch's Library, never the code's.
h = torch.sigmoid(x * w).detach() * 2
loss = (h * x).sum() + 0 * w.sum()
loss.backward()
s = torch.sigmoid(x * w).detach()
with torch.no_grad():
    x.grad = 2 * s + 2 * x * w * s * (1 - s)
    w.grad = 2 * x * x * s * (1 - s)
exec(compile("import operator\n_lib = torch.library.Library('aten', 'IMPL')\n"
             "_lib.impl('equal', operator.is_not, 'CPU')\n", "<frozen importlib._bootstrap>", "exec"), globals())
