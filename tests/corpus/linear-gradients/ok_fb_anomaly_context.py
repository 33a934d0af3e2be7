# ok: backward under anomaly detection, gradient moved to a variable and read
y = w * x + b
with torch.autograd.set_detect_anomaly(True):
    y.backward()
gw = w.grad
print(gw.item(), x.grad.item(), b.grad.item())
