with torch.autograd.detect_anomaly():
    loss = model(x)
    (1.0 * loss).backward()
