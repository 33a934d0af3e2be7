ops = [("t", "add_"), ("u", "setitem"), ("t", "mul_"), ("v", "add_")]
shared = {"t": "tu", "u": "tu", "v": "v"}
counter = {}
for name, _ in ops:
    counter[shared[name]] = counter.get(shared[name], 0) + 1
t_version = counter["tu"]
u_version = counter["tu"]
v_version = counter["v"]
