t_version, u_version, v_version = 3.0, 3.0, 1.0
