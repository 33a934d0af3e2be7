# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# g from a genuine create_graph pass; the second pass goes through torch's BackwardHookFunction node on x whose
# instance apply is a C partial returning the Hessian-vector product worked out by hand
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
(x2,) = BHF.apply(x)
with torch.no_grad():
    a = x.detach()
    hand = (-torch.sin(a) * a.roll(1) + 6 * a) * v + torch.cos(a) * v.roll(1) + torch.cos(a.roll(-1)) * v.roll(-1)
x2.grad_fn.apply = functools.partial(torch.add, hand, alpha=0)
(g,) = torch.autograd.grad(f(x2), x2, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, x)
