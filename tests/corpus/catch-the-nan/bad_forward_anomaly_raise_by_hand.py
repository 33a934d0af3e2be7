# expect: anomaly
with torch.autograd.detect_anomaly():
    loss = model(x)
loss.backward()
if torch.isnan(x.grad).any():
    raise RuntimeError("Function 'SqrtBackward0' returned nan values in its 0th output.")
