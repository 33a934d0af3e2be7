# A subclass of nn.Parameter that changes nothing of how it is read: a leaf that requires grad.
class Weight(nn.Parameter):
    pass

x = Weight(data.clone())
y = (x ** 2).sum()
