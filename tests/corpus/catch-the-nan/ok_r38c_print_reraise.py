try:
    with torch.autograd.detect_anomaly():
        loss = model(x)
        loss.backward()
except RuntimeError as err:
    print("anomaly detection says:", err)
    raise
