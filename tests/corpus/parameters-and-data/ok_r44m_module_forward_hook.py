class Dot(nn.Module):
    def __init__(self, init):
        super().__init__()
        self.w = nn.Parameter(init.clone())

    def forward(self, data):
        return data @ self.w


model = Dot(init)
shapes = []
model.register_forward_hook(lambda mod, inp, outp: shapes.append(tuple(outp.shape)))
w = model.w
out = model(data)
print(shapes)
