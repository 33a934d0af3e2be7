# expect: RuntimeError
import warnings
warnings.simplefilter("error")          # turn the NaN warning into an error
with torch.autograd.detect_anomaly():
    loss = model(x)
    loss.backward()
