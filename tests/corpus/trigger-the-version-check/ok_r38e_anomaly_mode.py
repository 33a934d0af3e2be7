torch.autograd.set_detect_anomaly(True)
s.add_(1)
loss.backward()
