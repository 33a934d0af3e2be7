# expect: computed again after the pass
# `y` computed again after its pass is another tensor: the checks ask for the pass from the `y` the code ends with
y = w * x + b
y.backward()
y = w * x + b   # recompute to print the value next to the gradients
print(y.item(), w.grad.item(), x.grad.item(), b.grad.item())
