import numpy as np
arr = np.array(data.cpu().numpy())          # a copy of the numbers
x = torch.from_numpy(arr).to(data.device).requires_grad_()
y = torch.inner(x, x)
