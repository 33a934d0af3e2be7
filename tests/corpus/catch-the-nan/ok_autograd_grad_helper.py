def forward_and_backward():
    value = model(x)
    return torch.autograd.grad(value, x)

with torch.autograd.detect_anomaly(check_nan=True):
    grads = forward_and_backward()
