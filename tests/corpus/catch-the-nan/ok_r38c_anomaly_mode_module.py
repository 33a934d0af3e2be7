from torch.autograd import anomaly_mode

with anomaly_mode.detect_anomaly(check_nan=True):
    loss = model(x)
    torch.autograd.backward(loss, grad_tensors=torch.ones_like(loss))
