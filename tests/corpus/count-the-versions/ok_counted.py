# add_, the indexed assignment through the view, mul_: one shared counter
t_version = 1 + 1 + 1
u_version = t_version
# v = t * 2 starts at 0; add_ makes it 1
v_version = 0 + 1
