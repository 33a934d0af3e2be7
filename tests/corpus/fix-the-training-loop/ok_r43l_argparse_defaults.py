"""Fix the training loop: clear w.grad every step."""
import argparse

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--lr", type=float, default=0.1)
parser.add_argument("--steps", type=int, default=5)
args = parser.parse_args()

losses, grads = [], []
for step in range(args.steps):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= args.lr * w.grad
    losses.append(loss.item())
