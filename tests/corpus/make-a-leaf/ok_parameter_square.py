# a Parameter is a leaf that requires grad
x = torch.nn.Parameter(data.clone())
squares = torch.square(x)
y = squares.sum()
