# a training-loop style: the first step already stops
for step in range(3):
    with torch.autograd.detect_anomaly():
        x.grad = None
        loss = model(x)
        loss.backward()
    print(step, loss.item())
