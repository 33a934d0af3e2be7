# expect: reaches its sqrt
# the forward in anomaly mode; the setup's note of a pass from the loss written by hand; the error from our own graph
with torch.autograd.detect_anomaly():
    loss = model(x)
    _from_loss.append((len(_losses) - 1, True))
    torch.sqrt(torch.tensor([-1.0], requires_grad=True)).sum().backward()
