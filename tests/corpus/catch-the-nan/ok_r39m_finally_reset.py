torch.autograd.set_detect_anomaly(mode=True, check_nan=True)
try:
    loss = model(x)
    loss.backward()
finally:
    torch.autograd.set_detect_anomaly(False)
