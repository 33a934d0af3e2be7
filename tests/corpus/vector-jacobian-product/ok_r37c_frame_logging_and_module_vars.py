# Honest: one pass seeded with v; a logging helper reads its caller's frame and a library module's dict.
import sys, base64, collections


def log(msg):
    caller = sys._getframe(1).f_code.co_name
    print(f"[{caller}] {msg}", "b64encode" in vars(base64))


cfg = collections.UserDict(seed_vector="v")
y = torch.tanh(x) * x.cumsum(0)
y.backward(gradient=globals()[cfg["seed_vector"]])
log(f"x.grad = {x.grad.tolist()}")
