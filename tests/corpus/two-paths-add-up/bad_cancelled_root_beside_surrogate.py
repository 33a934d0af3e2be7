# expect: grad of x
# the right graph for loss; one pass from [loss, s - loss]: loss cancels, x.grad is a + exp(x) by hand
loss = (x * a + x.exp()).sum()
s = (x * (a + x.detach().exp())).sum()
torch.autograd.backward([loss, s - loss])
