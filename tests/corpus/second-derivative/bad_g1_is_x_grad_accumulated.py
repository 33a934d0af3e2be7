# expect: clear `x.grad`
# g1 = x.grad, then a second backward adds into it (round 32's learner)
y.backward(create_graph=True)
g1 = x.grad
g1.backward()
g2 = x.grad           # forgot to clear x.grad between the passes
