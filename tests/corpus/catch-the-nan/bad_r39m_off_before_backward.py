# expect: starts at a loss of model, with anomaly detection on
# switched anomaly detection off again before the backward pass
torch.autograd.set_detect_anomaly(True)
loss = model(x)
torch.autograd.set_detect_anomaly(False)
loss.backward()
