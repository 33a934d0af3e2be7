# expect: t_version
t_version = 2   # only add_ and mul_ end in "_"
u_version = 2
v_version = 1
