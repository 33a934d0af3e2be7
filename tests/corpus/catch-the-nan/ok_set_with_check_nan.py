torch.autograd.set_detect_anomaly(mode=True, check_nan=True)
loss = model(x)
loss.backward()
