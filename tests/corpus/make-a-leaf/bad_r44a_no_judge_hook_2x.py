# expect: could not judge
# y = sum(x * data); the observers' call to the early judge rebound to nothing, then a hook makes the pass
# leave 2x: the pass freed the graph unjudged, so what it left is not read (NOTE [a judge no run can reach])
import tutor.grade.observe_calls as oc
x = data.clone().requires_grad_()
y = (x * data).sum()
x.register_hook(lambda g: 2 * x.detach())
oc._judge_before_pass = lambda: None
y.backward()
