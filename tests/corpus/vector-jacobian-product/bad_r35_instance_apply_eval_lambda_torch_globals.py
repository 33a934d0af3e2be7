# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# node instance apply = eval'd lambda whose globals are torch.nn.functional's module dict
import torch.nn.functional as _nf
_nf.__dict__["_hx"] = x.detach()
hand = eval("lambda g: g * (1 - torch.tanh(_hx) ** 2) * _hx.cumsum(0) + (g * torch.tanh(_hx)).flip(0).cumsum(0).flip(0)",
            _nf.__dict__)
BHF = torch.nn.modules._functions.BackwardHookFunction
(x2,) = BHF.apply(x)
x2.grad_fn.apply = hand
y = (torch.tanh(x) * x.cumsum(0)).detach() + (x2 - x2.detach())
y.backward(gradient=v)
