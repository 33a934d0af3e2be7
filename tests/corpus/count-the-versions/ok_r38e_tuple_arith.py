# t and u share one counter: add_, the indexed write through u, mul_ -> 3
# v = t * 2 is new (counter 0), then add_ -> 1
t_version, u_version, v_version = (3,) * 2 + (1,)
assert t_version == u_version
