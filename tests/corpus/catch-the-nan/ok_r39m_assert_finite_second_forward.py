# makes sure the forward value is finite (a second forward), then backward on the first loss
with torch.autograd.detect_anomaly():
    loss = model(x)
    assert torch.isfinite(model(x)), "the forward pass is finite"
    loss.backward()
