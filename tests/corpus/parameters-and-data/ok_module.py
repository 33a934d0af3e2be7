class Dot(nn.Module):
    def __init__(self, start):
        super().__init__()
        self.w = nn.Parameter(start.clone())

    def forward(self, x):
        return x @ self.w

model = Dot(init)
w = model.w
out = model(data)
