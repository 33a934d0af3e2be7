# expect: starts at a loss of model, with anomaly detection on
# a plain backward from loss (NaN flows silently), then the error from a graph of my own
with torch.autograd.detect_anomaly():
    loss = model(x)
loss.backward()
with torch.autograd.detect_anomaly():
    torch.sqrt(torch.tensor([-1.0], requires_grad=True)).sum().backward()
