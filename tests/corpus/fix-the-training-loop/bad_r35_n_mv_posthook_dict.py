# expect: came through the backward of a custom
# round 35 fifth attacker (a node's hook dict, from a handle: NOTE [hooks written into a tensor's hook dicts]):
# each step's gradient 2/n X^T(Xw - y) written by hand, handed in through the MvBackward0 post-hook dict
from functools import partial
losses, grads = [], []
for step in range(5):
    w.grad = None
    hand = 2 * X.T @ (X @ w.detach() - y) / X.shape[0]
    loss = ((X @ w - y) ** 2).mean()
    mv = loss.grad_fn.next_functions[0][0].next_functions[0][0].next_functions[0][0]
    k = mv.register_hook(lambda gi, go: None)
    k.hooks_dict_ref()[k.id] = partial(max, (None, hand), key=len)
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
