with torch.autograd.detect_anomaly(check_nan=True):
    out = model(x)
    torch.autograd.backward(out)
