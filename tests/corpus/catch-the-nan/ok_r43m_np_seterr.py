import numpy as np
np.seterr(all="raise")  # make numpy loud about NaN too while I hunt it

with torch.autograd.detect_anomaly():
    loss = model(x)
    print("loss", loss.detach().numpy())
    loss.backward()
