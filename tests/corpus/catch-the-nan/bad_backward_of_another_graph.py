# expect: starts at a loss of model, with anomaly detection on
# the anomaly error of a tiny graph of its own: loss's backward never runs
with torch.autograd.detect_anomaly():
    loss = model(x)
    # trigger the same error on a tiny graph of my own
    t = torch.tensor([-1.0], requires_grad=True)
    torch.sqrt(t).sum().backward()
