import warnings
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    a_none, b_none, c_none, d_none = (t.grad is None for t in (a, b, c, d))
for w in caught:
    print("warning:", w.message)
