# expect: a graded run gets no command-line arguments
import argparse

parser = argparse.ArgumentParser()
parser.add_argument("--lr", type=float, required=True)
args = parser.parse_args()

losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= args.lr * w.grad
    losses.append(loss.item())
