# expect: RuntimeError
with torch.autograd.detect_anomaly:
    loss = model(x)
    loss.backward()
