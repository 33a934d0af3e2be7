# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# g1 genuine; the second differentiation runs from g1 plus a zero-valued path through torch's BackwardHookFunction
# node on x, whose instance apply is a C partial returning g2 worked out by hand (g1's own path is cut)
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
(g1,) = torch.autograd.grad(y, x, create_graph=True)
with torch.no_grad():
    a = x.detach()
    hand = (2 - a ** 2) * torch.sin(a) + 4 * a * torch.cos(a)
(x2,) = BHF.apply(x)
x2.grad_fn.apply = functools.partial(torch.add, hand, alpha=0)
(g2,) = torch.autograd.grad(g1.detach() + 0 * x2, x)
