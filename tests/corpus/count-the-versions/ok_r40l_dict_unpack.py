answers = {"t": 3, "u": 3, "v": 1}
t_version, u_version, v_version = (answers[k] for k in "tuv")
