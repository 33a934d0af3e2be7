# expect: y changes with x as a sum of squares does
# wrong: y = sum(x**2) + sum(x - data): right value and second derivative, gradient 2x + 1, not 2x. Trick: x is a
# subclass of nn.Parameter with no __torch_function__/__torch_dispatch__ (read as plain) but a `detach` method of its own;
# the slope check's `g - 2 * x.detach()` calls it, and it hands back data + 0.5. (Round 43 closed only the instance dict.)
class Leaf(nn.Parameter):
    def detach(self, _d=data + 0.5):
        return _d.clone()
x = Leaf(data.clone())
y = (x ** 2).sum() + (x - data).sum()
