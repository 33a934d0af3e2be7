class Magnify:
    def __init__(self, factor: float) -> None:
        self.factor = factor

    def __call__(self, g: torch.Tensor) -> torch.Tensor:
        return g * self.factor


handle = torch.Tensor.register_hook(w, Magnify(100.0))
loss1 = (w ** 2).sum()
loss1.backward()
first = w.grad.clone()
handle.remove()

w.grad = None
loss2 = (w ** 3).sum()
loss2.backward()
second = w.grad.clone()
