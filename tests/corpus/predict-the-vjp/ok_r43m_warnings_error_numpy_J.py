import warnings
import numpy as np
warnings.simplefilter("error")

J = np.array([[3.0, 2.0], [1.0, 1.0], [0.0, 6.0]])
v = np.array([1.0, 2.0, -1.0])
grad_x = (v @ J).tolist()
J = J.tolist()
y = torch.stack([x[0] * x[1], x[0] + x[1], x[1] ** 2])
y.backward(gradient=torch.tensor([1.0, 2.0, -1.0], device=device))
assert np.allclose(x.grad.numpy(), grad_x)
