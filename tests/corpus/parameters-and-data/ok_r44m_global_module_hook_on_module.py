from torch.nn.modules.module import register_module_full_backward_hook

class Dot(nn.Module):
    def __init__(self, init):
        super().__init__()
        self.w = nn.Parameter(init.clone())

    def forward(self, data):
        return data @ self.w


handle = register_module_full_backward_hook(lambda m, gi, go: print(type(m).__name__, "grad_output", go[0].shape))
model = Dot(init)
w = model.w
out = model(data)
out.sum().backward()
handle.remove()
