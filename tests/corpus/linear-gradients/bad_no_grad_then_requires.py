# expect: grad of w
with torch.no_grad():
    y = w * x + b
y.requires_grad_()
y.backward()
