# expect: t_version
t_version = 4
u_version = 4
v_version = 2
