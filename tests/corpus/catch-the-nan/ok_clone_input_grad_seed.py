with torch.autograd.detect_anomaly():
    loss = model(x.clone())
    torch.autograd.grad(loss, x, torch.ones(()))
