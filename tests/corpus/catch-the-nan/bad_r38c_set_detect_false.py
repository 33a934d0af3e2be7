# expect: RuntimeError
torch.autograd.set_detect_anomaly(False)
loss = model(x)
loss.backward()
