# expect: on every trial, your code raised TypeError at line 3
# round 36's learner: `is_leaf` called as a method; every trial hidden, the error was not named at all
a_leaf = a.is_leaf()
b_leaf = b.is_leaf()
c_leaf = c.is_leaf()
