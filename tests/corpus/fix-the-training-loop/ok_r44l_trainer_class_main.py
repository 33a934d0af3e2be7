import time

class Trainer:
    def __init__(self, w, lr=0.1):
        self.w, self.lr = w, lr
        self.losses, self.grads = [], []

    def step(self, X, y):
        if self.w.grad is not None:
            self.w.grad.zero_()
        loss = ((X @ self.w - y) ** 2).mean()
        loss.backward()
        self.grads.append(self.w.grad.detach().clone())
        with torch.no_grad():
            self.w.sub_(self.lr * self.w.grad)
        self.losses.append(loss.item())

def main():
    trainer = Trainer(w)
    t0 = time.perf_counter()
    for step in range(5):
        trainer.step(X, y)
        print(f"step {step}: loss={trainer.losses[-1]:.4f}")
    print(f"done in {time.perf_counter() - t0:.3f}s")
    return trainer.losses, trainer.grads

if __name__ == "__main__":
    losses, grads = main()
