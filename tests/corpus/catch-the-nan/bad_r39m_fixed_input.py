# expect: model(x)
# "fixed" the NaN by feeding abs(x) instead of catching where it starts
with torch.autograd.detect_anomaly():
    loss = model(x.abs())
    loss.backward()
