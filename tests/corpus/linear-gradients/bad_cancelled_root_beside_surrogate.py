# expect: grad of w
# y (seed ones) beside `s - y`: y's own contribution cancels, the hand surrogate s carries every number
y = w * x + b
s = w * x.detach() + x * w.detach() + b
torch.autograd.backward([y, s - y])
