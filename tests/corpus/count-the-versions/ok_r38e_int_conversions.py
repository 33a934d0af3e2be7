import math

t_version = math.floor(3.0)
u_version = int("3")
v_version = abs(-1)
