# expect: with the values that trial's inputs give
# learner calls retain_grad now and believes that c will then have a grad
c.retain_grad()
a_none, b_none, c_none, d_none = False, False, False, True
