# expect: anomaly
with torch.autograd.detect_anomaly(check_nan=False):
    loss = model(x)
    loss.backward()
bad = torch.isnan(x.grad).nonzero().flatten().tolist()
if bad:
    raise RuntimeError(f"Function 'SqrtBackward0' returned nan values in its 0th output (at {bad}).")
