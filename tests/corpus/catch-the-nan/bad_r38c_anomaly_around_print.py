# expect: RuntimeError
loss = model(x)
loss.backward()
with torch.autograd.detect_anomaly():
    print(x.grad)
