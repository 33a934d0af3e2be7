# expect: t_version
# "no requires_grad, so no versions are tracked"
t_version = 0
u_version = 0
v_version = 0
