# expect: anomaly
loss = model(x)
with torch.autograd.detect_anomaly():
    pass
loss.backward()
