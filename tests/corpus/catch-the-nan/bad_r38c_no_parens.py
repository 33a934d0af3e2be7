# expect: so call them, with the parentheses
with torch.autograd.detect_anomaly:
    loss = model(x)
    loss.backward()
