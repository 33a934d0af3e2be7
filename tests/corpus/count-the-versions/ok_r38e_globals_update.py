answers = {"t_version": 3, "u_version": 3, "v_version": 1}
globals().update(answers)
