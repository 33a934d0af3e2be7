# expect: your graph computes `exp(x * const)`
xa = x * a
loss = (xa + xa.exp()).sum()
loss.backward()
