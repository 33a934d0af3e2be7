from torch.autograd import Variable   # as in the 0.3-era tutorials

x = Variable(data, requires_grad=True)
y = (x ** 2).sum()
