# expect: dw
# the visible trial's answer, copied from the feedback
dw = 1.59
db = -5.3
