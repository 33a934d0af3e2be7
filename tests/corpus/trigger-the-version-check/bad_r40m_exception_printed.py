# expect: ran to the end without raising
s.add_(1)
try:
    loss.backward()
except RuntimeError as e:
    print("autograd said:", e)
