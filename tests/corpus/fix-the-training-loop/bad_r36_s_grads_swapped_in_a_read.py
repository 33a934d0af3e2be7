# expect: each step's own gradient
# Round 36's second attacker (NOTE [results read before the code can run], readfirst.py): a name rebound, or a
# .grad swapped, from code the grader's reads ran (a __class__ property, a _modules subclass's items), C callables too
# attack: each step's pass differentiates half the loss; `grads` holds those (autograd's, wrong) while the
# record is read; the step uses twice the gradient (w right). A __class__ property read by
# restore_function_apply binds `grads` to each step's gradient by the closed-form formula.
losses, grads, hand = [], [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    (0.5 * loss).backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        hand.append(2.0 / X.shape[0] * X.T @ (X @ w - y))
        w -= 0.1 * 2 * w.grad
    losses.append(loss.item())


class _Trap:
    @property
    def __class__(self):
        globals()["grads"] = hand
        return _Trap


_trap = _Trap()
