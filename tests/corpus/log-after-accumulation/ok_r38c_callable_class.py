import math

class GradNormLogger:
    def __init__(self):
        self.values: list[float] = []
    def __call__(self, param: torch.Tensor) -> None:
        self.values.append(math.sqrt(torch.dot(param.grad, param.grad).item()))

logger = GradNormLogger()
norms = logger.values
w.register_post_accumulate_grad_hook(logger)

for xb in batches:
    loss = torch.tanh(xb @ w).sum()
    loss.backward()
