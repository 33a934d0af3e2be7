# the assert never runs: backward raises first
with torch.autograd.detect_anomaly():
    loss = model(x)
    loss.backward()
    assert not torch.isnan(x.grad).any(), "NaN in x.grad"
