# looks at the loss value first without recording, then runs the anomaly pass
with torch.no_grad():
    print("loss value:", model(x).item())
with torch.autograd.detect_anomaly():
    loss = model(x)
    loss.backward()
