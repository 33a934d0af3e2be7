# round 32's learner: correct, unlike the reference
s.detach().add_(1)   # the detached tensor shares s's memory and version counter
loss.backward()
