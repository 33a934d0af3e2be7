# expect: raised RuntimeError at line 3
# "checks in the REPL" by running the setup's backward again
loss.backward()
a_none, b_none, c_none, d_none = [t.grad is None for t in (a, b, c, d)]
