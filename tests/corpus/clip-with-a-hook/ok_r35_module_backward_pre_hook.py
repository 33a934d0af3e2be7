class Product(nn.Module):
    def forward(self, a, b):
        return a * b

prod = Product()
prod.register_full_backward_pre_hook(lambda module, grad_output: (grad_output[0].clamp(-0.5, 0.5),))
y = prod(x, w)
loss = (y ** 2).sum()
loss.backward()
