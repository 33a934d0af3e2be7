# expect: ran again while the grader read what it left
# (its __torch_function__ runs as the flags are read: NOTE [results read before the code can run], round 36; it read "should be a tensor" before)
# A subclass of nn.Parameter with a __torch_function__ of its own may answer any read: not read as a tensor.
class Weight(nn.Parameter):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})

x = Weight(data.clone())
y = (x ** 2).sum()
