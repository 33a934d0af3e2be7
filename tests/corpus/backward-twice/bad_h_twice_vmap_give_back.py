# expect: graph nodes
# h computed twice (a second graph for loss2); two vmapped Function calls hide the extra nodes
h = x.exp()
loss1 = h.sum()
loss1.backward(retain_graph=True)
h = x.exp()
loss2 = (h ** 2).sum()
loss2.backward()

class Sq(torch.autograd.Function):
    generate_vmap_rule = True
    @staticmethod
    def forward(t):
        return t * t
    @staticmethod
    def setup_context(ctx, inputs, output):
        pass
    @staticmethod
    def backward(ctx, g):
        return g

_z = torch.zeros(2, 2)
for _ in range(3):
    torch.func.vmap(Sq.apply)(_z)
