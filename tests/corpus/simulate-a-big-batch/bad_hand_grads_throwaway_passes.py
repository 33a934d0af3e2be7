# expect: each micro-batch's backward pass runs before the next forward
# gradients by hand, beside four passes on a throwaway leaf (round 32's second attacker)
# four micro forwards (recorded, thrown away), the gradient by a closed form, and four backward calls of a throwaway leaf
for xb in X.split(2):
    model(xb)
for _ in range(4):
    torch.ones(1, requires_grad=True).backward(torch.ones(1))
with torch.no_grad():
    err = X @ w.T + b - y
    w.grad = 2 * err.T @ X / len(X)
    b.grad = 2 * err.sum(0) / len(X)
