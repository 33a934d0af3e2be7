ops = ["t.add_(1)", "u[0, 0] = 3.0", "t.mul_(2)", "v = t * 2", "v.add_(1)"]
shared = sum(1 for op in ops if op.startswith(("t.", "u[")) and ("_(" in op or "] =" in op))
t_version = u_version = shared
v_version = sum(op.startswith("v.") for op in ops)
