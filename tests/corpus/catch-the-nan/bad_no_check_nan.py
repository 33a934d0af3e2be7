# expect: anomaly
with torch.autograd.detect_anomaly(check_nan=False):
    loss = model(x)
    loss.backward()
