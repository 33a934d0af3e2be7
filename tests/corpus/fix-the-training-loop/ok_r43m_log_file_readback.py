import logging, time, os
from pathlib import Path

LOG = Path(os.environ.get("LOG_DIR", ".")) / "train.log"
logging.basicConfig(filename=LOG, filemode="w", level=logging.INFO, format="%(message)s")
lr = float(os.environ.get("LR", "0.1"))
losses, grads = [], []
t0 = time.perf_counter()
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= lr * w.grad
    losses.append(loss.item())
    logging.info("step=%d loss=%.5f", step, loss.item())
logging.shutdown()
print(LOG.read_text(), f"took {time.perf_counter() - t0:.3f}s")
