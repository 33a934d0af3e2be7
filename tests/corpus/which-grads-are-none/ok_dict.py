answer = {"a": False, "b": False, "c": True, "d": True}
a_none = answer["a"]
b_none = answer["b"]
c_none = answer["c"]
d_none = answer["d"]
