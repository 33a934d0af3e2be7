# expect: check_nan
# anomaly detection on, but the NaN check switched off
with torch.autograd.detect_anomaly(check_nan=False):
    loss = model(x)
    loss.backward()
