# expect: around the forward *and* the backward pass
with torch.autograd.detect_anomaly():
    loss = model(x)
loss.backward()
