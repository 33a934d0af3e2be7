# expect: a graded run has no keyboard
# a "press Enter" pause a learner leaves in a script, before the work it pauses for
input("Press Enter to compute the gradients...")
y = w * x + b
y.backward()
