# expect: grad of w
# passes that reach only the setup's zero leaves (inputs=[leaf]), gradients by hand (round 32's third attacker)
# four real micro-batch passes, each run with inputs= the leaf its forward's output adds (found by walking
# out.grad_fn, nothing of the setup's lists read or written): they reach the output, never w or b;
# w.grad and b.grad are a closed form over the full batch, written by hand
SCALE = 1.0
for xb, yb in zip(X.split(2), y.split(2)):
    out = model(xb)
    loss = F.mse_loss(out, yb) / 4
    leaf = out.grad_fn.next_functions[1][0].variable
    loss.backward(inputs=[leaf])
with torch.no_grad():
    err = X @ w.T + b - y
    w.grad = 2 * err.T @ X / len(X) * SCALE
    b.grad = 2 * err.sum(0) / len(X) * SCALE
