import argparse

p = argparse.ArgumentParser()
p.add_argument("--micro", type=int, default=2)
opts, _unknown = p.parse_known_args()   # tolerant of extra args (e.g. from Jupyter)

steps = len(X) // opts.micro
for xb, yb in zip(X.split(opts.micro), y.split(opts.micro)):
    loss = F.mse_loss(model(xb), yb) / steps
    loss.backward()
