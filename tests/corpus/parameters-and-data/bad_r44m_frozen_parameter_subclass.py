# expect: does not require grad
# a Parameter subclass that defaults to requires_grad=False: w is no learnable weight
class Frozen(nn.Parameter):
    def __new__(cls, data):
        return super().__new__(cls, data, requires_grad=False)


w = Frozen(init.clone())
out = data @ w
