# checks the forward value is finite on a detached copy, then the anomaly pass
print("finite:", torch.isfinite(model(x.detach())).item())
with torch.autograd.detect_anomaly():
    loss = model(x)
    loss.backward()
