# expect: the backward pass raised the error above
# round 36's learner: retain_graph does not mend an in-place change (the words asked "Did you call backward()?")
h = torch.sigmoid(x * w)
h.mul_(2)
loss = (h * x).sum()
loss.backward(retain_graph=True)
