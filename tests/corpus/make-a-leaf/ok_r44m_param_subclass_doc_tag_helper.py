class Leaf(nn.Parameter):
    """A learnable leaf with a tag, for my notes."""

    tag = "x"

    def describe(self):
        return f"{self.tag}: shape {tuple(self.shape)}, requires_grad={self.requires_grad}"

    @property
    def n_items(self):
        return self.numel()


x = Leaf(data.clone())
y = (x ** 2).sum()
print(x.describe(), x.n_items)
