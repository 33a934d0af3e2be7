# expect: names
names = ["SigmoidBackward0", "TanhBackward0", "ExpBackward0", "AccumulateGrad"]
found = x
