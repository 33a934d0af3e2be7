s.add_(1)
try:
    loss.backward()
except RuntimeError as err:
    print("autograd said:", err)
    raise
