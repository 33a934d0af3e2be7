# expect: a list or tuple of them, item by item).
t_version = "3"
u_version = "3"
v_version = "1"
