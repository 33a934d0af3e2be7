torch.set_default_device(device)
with torch.autograd.detect_anomaly():
    loss = model(x)
    loss.backward()
