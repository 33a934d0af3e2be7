# expect: v_version
t_version = 3
u_version = 3
v_version = 2
