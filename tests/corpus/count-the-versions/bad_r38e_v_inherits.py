# expect: v_version
t_version = 3
u_version = 3
v_version = 4   # v starts from t's counter
