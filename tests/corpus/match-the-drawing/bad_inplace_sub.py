# expect: backward
# in place on tanh's output, which tanh saved for backward: backward fails
loss = (torch.tanh(w * x + b).sub_(target) ** 2).mean()
