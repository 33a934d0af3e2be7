# expect: inside the `with torch.autograd.detect_anomaly():` block
# anomaly mode around the forward only (round 32's learner)
with torch.autograd.detect_anomaly():
    loss = model(x)
loss.backward()
print(x.grad)
