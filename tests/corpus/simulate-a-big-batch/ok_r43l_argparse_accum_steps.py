import argparse

p = argparse.ArgumentParser()
p.add_argument("--micro", type=int, default=2, help="rows per micro-batch")
opts = p.parse_args()

steps = len(X) // opts.micro
for xb, yb in zip(X.split(opts.micro), y.split(opts.micro)):
    loss = F.mse_loss(model(xb), yb) / steps
    loss.backward()
