# builds the forward once before the anomaly block and once inside; backward from the one inside
plain = model(x)
print("plain loss:", plain.item())
with torch.autograd.detect_anomaly():
    loss = model(x)
    check = model(x).item()
    loss.backward()
