# expect: a_none
# "retain_grad on b keeps the gradient at b, so it never reaches a"
a_none, b_none, c_none, d_none = True, False, True, True
