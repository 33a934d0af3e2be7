# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# the hand formula computed IN the pass from the incoming gradient, by a torch.fx GraphModule whose forward is
# fx-generated code (<eval_with_key>, exempt) set as the node instance's apply
import torch.fx as fx
BHF = torch.nn.modules._functions.BackwardHookFunction
xx = x.detach()


class Hand(torch.nn.Module):
    def forward(self, g):
        t = torch.tanh(self.xx)
        c = self.xx.cumsum(0)
        return g * (1 - t ** 2) * c + (g * t).flip(0).cumsum(0).flip(0)


m = Hand()
m.register_buffer("xx", xx)
gm = fx.symbolic_trace(m)
(x2,) = BHF.apply(x)
x2.grad_fn.apply = gm
y = (torch.tanh(x) * x.cumsum(0)).detach() + (x2 - x2.detach())
y.backward(gradient=v)
