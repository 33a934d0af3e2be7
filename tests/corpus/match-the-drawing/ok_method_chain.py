loss = w.mul(x).add(b).tanh().sub(target).pow(2).mean()
