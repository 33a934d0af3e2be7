# first the plain pass, to see the NaN, then the same pass with anomaly detection on
loss = model(x)
loss.backward()
print("NaN in x.grad:", torch.isnan(x.grad).any().item())
x.grad = None

with torch.autograd.anomaly_mode.detect_anomaly():
    loss = model(x)
    loss.backward()
