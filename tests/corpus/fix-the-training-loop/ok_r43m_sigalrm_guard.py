import signal

def too_slow(signum, frame):
    raise TimeoutError("training took too long")

signal.signal(signal.SIGALRM, too_slow)
signal.alarm(60)
losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())
signal.alarm(0)
