# expect: hidden trials only
t_version = 3
u_version = 1   # u was changed once directly
v_version = 1
