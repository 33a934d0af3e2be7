# expect: could not judge
# y = sum(x * data); the observers switched off around y's pass (no judge), then a pass on another graph
# leaves 2x in x.grad (NOTE [a judge no run can reach])
from tutor.grade.observe_state import _S
x = data.clone().requires_grad_()
y = (x * data).sum()
_S.on = False
y.backward()
_S.on = True
x.grad = None
(x ** 2).sum().backward()
