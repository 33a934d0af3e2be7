# leaves that require grad get .grad; b retained; c is an intermediate; d needs no grad
answers = {"a": False, "b": False, "c": True, "d": True}
a_none, b_none, c_none, d_none = (answers[k] for k in "abcd")
