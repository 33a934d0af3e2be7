# expect: fails where its value is wrong
t_version = 3
u_version = 3
v_version = 4   # v = t * 2 starts from t's counter
