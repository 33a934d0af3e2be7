with torch.autograd.set_detect_anomaly(True):
    loss = model(x)
    loss.backward()
