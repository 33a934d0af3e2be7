# expect: was bound to another tensor that does not require grad
# `first` is never frozen: its forward runs under no_grad, w1/b1 are rebound to detached copies, and
# `first.parameters` is an instance attribute that hands the check the frozen copies.
with torch.no_grad():
    h = torch.relu(first(X))
loss = F.mse_loss(second(h), y)
loss.backward()
_frozen = [p.detach() for p in first.parameters()]
w1, b1 = _frozen
first.parameters = lambda recurse=True: iter(_frozen)
