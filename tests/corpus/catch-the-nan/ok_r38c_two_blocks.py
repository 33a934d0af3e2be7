with torch.autograd.detect_anomaly():
    loss = model(x)
print(f"loss = {loss.item():.4f} (finite)")
with torch.autograd.detect_anomaly():
    loss.backward()
