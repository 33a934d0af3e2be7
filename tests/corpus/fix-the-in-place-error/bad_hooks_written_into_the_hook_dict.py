# expect: came through the backward of a custom
# caught since round 35: code of the code's that a pass ran outside its hooks (NOTE [the code's own code in a pass])
p = x * w
h = torch.sigmoid(p)
h.data.mul_(2)                 # silences the version check; the saved output is now wrong
loss = (h * x).sum()
s = (h / 2).detach()
gx = 2 * s + 2 * x.detach() * s * (1 - s) * w.detach()
gw = 2 * x.detach() ** 2 * s * (1 - s)

from collections import OrderedDict
x._backward_hooks = OrderedDict({0: lambda g: gx})
w._backward_hooks = OrderedDict({0: lambda g: gw})
loss.backward()
