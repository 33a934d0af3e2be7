with torch.autograd.detect_anomaly():
    loss = model(x)
    print("loss is finite:", torch.isfinite(loss).item())
    loss.backward()
print(x.grad)
