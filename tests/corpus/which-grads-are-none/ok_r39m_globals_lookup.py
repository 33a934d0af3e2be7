ns = globals()
result = {f"{n}_none": ns[n].grad is None for n in "abcd"}
a_none = result["a_none"]
b_none = result["b_none"]
c_none = result["c_none"]
d_none = result["d_none"]
