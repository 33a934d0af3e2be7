# expect: not the error this exercise is about
# ran the model on a detached x
with torch.autograd.detect_anomaly():
    loss = model(x.detach())
    loss.backward()
