import sys
verbose = "-v" in sys.argv[1:]
y = w * x + b
y.backward()
if verbose:
    print(w.grad, x.grad, b.grad)
