# the context-manager form of set_detect_anomaly, with keyword args
with torch.autograd.set_detect_anomaly(mode=True, check_nan=True):
    loss = model(x)
    loss.backward()
