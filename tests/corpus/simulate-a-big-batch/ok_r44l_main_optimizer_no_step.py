import time

def accumulate(model, X, y, micro=2):
    opt = torch.optim.SGD(model.parameters(), lr=0.01)
    opt.zero_grad(set_to_none=True)
    n_steps = X.shape[0] // micro
    for i, (xb, yb) in enumerate(zip(X.split(micro), y.split(micro))):
        t0 = time.perf_counter()
        loss = F.mse_loss(model(xb), yb) / n_steps
        loss.backward()
        print(f"micro-batch {i}: loss {loss.item() * n_steps:.4f} ({time.perf_counter() - t0:.4f}s)")
    # opt.step() would go here in real training
    return opt

if __name__ == "__main__":
    accumulate(model, X, y)
