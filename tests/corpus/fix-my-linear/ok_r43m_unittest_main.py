import unittest


class MyLinear(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, W, b):
        ctx.save_for_backward(x, W)
        return x @ W.T + b

    @staticmethod
    def backward(ctx, grad_y):
        x, W = ctx.saved_tensors
        return grad_y @ W, grad_y.T @ x, grad_y.sum(0)


class TestMyLinear(unittest.TestCase):
    def test_gradcheck(self):
        inputs = tuple(t.detach().double().requires_grad_() for t in (x, W, b))
        self.assertTrue(torch.autograd.gradcheck(MyLinear.apply, inputs))


loss = (MyLinear.apply(x, W, b) ** 2).sum()
loss.backward()

if __name__ == "__main__":
    unittest.main()
