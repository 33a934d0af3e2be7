# expect: does not require grad
with torch.no_grad():
    y = w * x + b
y.backward()
