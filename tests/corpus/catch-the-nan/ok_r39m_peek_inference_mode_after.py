with torch.autograd.detect_anomaly():
    loss = model(x)
    with torch.inference_mode():
        print("loss again, no graph:", model(x).item())
    loss.backward()
