class Dot(nn.Module):
    def __init__(self, init):
        super().__init__()
        self.w = nn.Parameter(init.clone())

    def forward(self, data):
        return data @ self.w


model = Dot(init)
model.register_full_backward_hook(lambda mod, gin, gout: print("grad_output norm", gout[0].norm().item()))
w = model.w
out = model(data)
out.sum().backward()
model.zero_grad()
