# expect: should be a tensor
# A subclass of nn.Parameter with a __torch_function__ of its own may answer any read: not read as a tensor.
class Weight(nn.Parameter):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})

x = Weight(data.clone())
y = (x ** 2).sum()
