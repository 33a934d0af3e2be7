# Gradients read through torch.nn.utils helpers, the hook removed after the first pass
from torch.nn.utils import parameters_to_vector

handle = w.register_hook(lambda g: g * 100)
loss1 = (w ** 2).sum()
loss1.backward()
first = parameters_to_vector([w.grad])
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = parameters_to_vector([w.grad])
