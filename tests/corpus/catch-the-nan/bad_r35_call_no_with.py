# expect: on a line of its own turns nothing on
torch.autograd.detect_anomaly()   # turn anomaly detection on
loss = model(x)
loss.backward()
