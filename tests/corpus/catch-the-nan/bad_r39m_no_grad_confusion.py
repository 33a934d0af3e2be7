# expect: not the error this exercise is about
# reached for the wrong mode: no_grad instead of anomaly detection
with torch.no_grad():
    loss = model(x)
loss.backward()
