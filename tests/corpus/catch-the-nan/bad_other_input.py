# expect: model(x)
# anomaly pass on a made-up negative input instead of x
with torch.autograd.detect_anomaly():
    loss = model(-torch.ones(6, device=x.device, requires_grad=True))
    loss.backward()
