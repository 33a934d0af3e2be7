# expect: with the values that trial's inputs give
# thinks retain_grad'd and leaf grads vanish after zeroing with set_to_none=False? and c gets one
a_none = False
b_none = False
c_none = False   # c is in the middle of the graph so backward passes through it
d_none = True
