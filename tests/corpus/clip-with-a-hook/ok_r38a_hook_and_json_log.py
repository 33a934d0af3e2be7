# Honest: the clamping hook; the gradients logged as JSON through a json.dumps the learner made compact for
# the whole file (library helpers rebound by a learner must not change what the grader sends back).
import functools
import json

y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
loss = (y ** 2).sum()
loss.backward()
json.dumps = functools.partial(json.dumps, separators=(",", ":"))
print(json.dumps({"w": w.grad.tolist(), "x": x.grad.tolist()}))
