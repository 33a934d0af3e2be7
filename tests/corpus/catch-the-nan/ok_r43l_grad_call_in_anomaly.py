with torch.autograd.detect_anomaly():
    loss = model(x)
    (gx,) = torch.autograd.grad(loss, x)
print(gx)
