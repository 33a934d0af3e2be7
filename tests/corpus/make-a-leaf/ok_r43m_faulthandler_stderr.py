import faulthandler, sys
faulthandler.enable()
sys.stdout.reconfigure(line_buffering=True)
x = data.clone().requires_grad_()
y = (x ** 2).sum()
print("y", y, file=sys.stderr)
