x.grad = None
torch.autograd.set_detect_anomaly(True, check_nan=True)
loss = model(x)
loss.backward()
