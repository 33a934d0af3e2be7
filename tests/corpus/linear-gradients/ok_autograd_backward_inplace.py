y = w * x
y += b  # add the bias in place
torch.autograd.backward(y)
