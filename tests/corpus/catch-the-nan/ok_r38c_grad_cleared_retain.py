x.grad = None
with torch.autograd.detect_anomaly():
    loss = model(x)
    assert torch.isfinite(loss), loss
    loss.backward(retain_graph=True)
