# expect: u_version
t_version = 3
u_version = 1
v_version = 1
