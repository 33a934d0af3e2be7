# expect: a list or tuple of them, item by item), and the right one
t_version = "3"
u_version = "3"
v_version = "1"
