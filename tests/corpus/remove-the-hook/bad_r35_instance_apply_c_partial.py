# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# both losses pass w through BackwardHookFunction nodes whose instance apply returns hand gradients (C partials)
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
handle = w.register_hook(lambda g: g * 100)
(wa,) = BHF.apply(w)
wa.grad_fn.apply = functools.partial(torch.add, 2 * w.detach(), alpha=0)
loss1 = (wa ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
(wb,) = BHF.apply(w)
wb.grad_fn.apply = functools.partial(torch.add, 3 * w.detach() ** 2, alpha=0)
loss2 = (wb ** 3).sum()
loss2.backward()
second = w.grad.clone()
