# expect: anomaly
with torch.autograd.detect_anomaly():
    loss = model(x)
    try:
        loss.backward()
    except RuntimeError as err:
        print(err)
