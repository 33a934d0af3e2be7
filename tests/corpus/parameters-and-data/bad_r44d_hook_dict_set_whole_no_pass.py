# expect: each row's gradient with respect to w is that row of data
# wrong: out = data @ (2w - w.detach()) (twice the gradient). Trick: no pass of the code's; a hook dict set whole
# through w's `_backward_hooks` setter (no registration: nothing wraps, quiets or notes it) halves the check's pass.
from collections import OrderedDict
w = nn.Parameter(init.clone())
out = data @ (2 * w - w.detach())
w._backward_hooks = OrderedDict({0: lambda g: g / 2})
