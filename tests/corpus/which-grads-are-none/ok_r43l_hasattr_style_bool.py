results = {}
for name in "abcd":
    t = globals()[name]
    results[name] = (t.grad is None)
a_none, b_none, c_none, d_none = results["a"], results["b"], results["c"], results["d"]
