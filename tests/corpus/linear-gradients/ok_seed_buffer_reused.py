seed = torch.ones(())
y = w * x + b
y.backward(seed)
seed.zero_()   # the buffer is cleared for reuse
