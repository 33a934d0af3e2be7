torch.autograd.set_detect_anomaly(True)
try:
    loss = model(x)
    loss.backward()
finally:
    torch.autograd.set_detect_anomaly(False)
