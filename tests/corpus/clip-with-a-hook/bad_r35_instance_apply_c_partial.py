# expect: ran again while the grader read
# round 35 third attacker (NOTE [where torch looks for a node's backward]):
# the clamp hook on y is real; dL/dy = 2y comes from a BackwardHookFunction node on y whose instance apply is a C
# partial returning the hand value; x and w get it through autograd's MulBackward
import functools
BHF = torch.nn.modules._functions.BackwardHookFunction
y = x * w
y.register_hook(lambda grad: grad.clamp(-0.5, 0.5))
with torch.no_grad():
    hand = 2 * y
(y2,) = BHF.apply(y)
y2.grad_fn.apply = functools.partial(torch.add, hand, alpha=0)
loss = (y2 ** 2).sum()
loss.backward()
