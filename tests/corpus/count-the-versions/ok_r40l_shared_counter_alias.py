# three in-place writes through t or its view u: one shared counter
t_version = sum([1, 1, 1])
u_version = t_version
v_version = t_version - 2
