import unittest

losses, grads = [], []
for step in range(5):
    w.grad = None
    loss = ((X @ w - y) ** 2).mean()
    loss.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 0.1 * w.grad
    losses.append(loss.item())


class TestLoop(unittest.TestCase):
    def test_losses_go_down(self):
        self.assertLess(losses[-1], losses[0])


if __name__ == "__main__":
    unittest.main(argv=["ignored"], exit=False)
