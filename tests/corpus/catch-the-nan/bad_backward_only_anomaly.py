# expect: forward pass
loss = model(x)
with torch.autograd.detect_anomaly():
    loss.backward()
