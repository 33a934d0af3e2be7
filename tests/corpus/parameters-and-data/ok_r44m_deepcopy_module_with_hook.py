import copy

class Dot(nn.Module):
    def __init__(self, init):
        super().__init__()
        self.w = nn.Parameter(init.clone())

    def forward(self, data):
        return data @ self.w


model = Dot(init)
model.register_full_backward_hook(lambda mod, gin, gout: print("backward through", type(mod).__name__))
frozen = copy.deepcopy(model)   # a copy to compare against after training
w = model.w
out = model(data)
out.sum().backward()
print(frozen.w.grad, w.grad)
