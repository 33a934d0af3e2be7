# expect: graph nodes
# h built again for the second loss; its ExpBackward is made inside Function.apply, whose `super().apply`
# reaches a mixin (MRO: Run, Function, Base, _SingleLevelFunction) rather than torch's C apply: no node of
# the Function's own, yet one number is given back since the returned dict holds no tensor at its top
class Base(torch.autograd.function._SingleLevelFunction):
    @classmethod
    def apply(cls, f, *a):
        return {0: f(*a)}

class Run(torch.autograd.Function, Base):
    @staticmethod
    def forward(ctx, *a):
        return None
    @staticmethod
    def backward(ctx, *g):
        return None

h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = Run.apply(torch.exp, x)[0]
loss2 = (h ** 2).sum()
loss2.backward()
