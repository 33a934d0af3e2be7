def train_step(inp):
    with torch.autograd.detect_anomaly(check_nan=True):
        out = model(inp)
        out.backward()
    return out

loss = train_step(x)
