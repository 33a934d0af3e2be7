# expect: out's graph gives data no gradient
# a forward pre-hook that turns on requires_grad for the module's input: data now needs a gradient
class Dot(nn.Module):
    def __init__(self, init):
        super().__init__()
        self.w = nn.Parameter(init.clone())

    def forward(self, inp):
        return inp @ self.w


model = Dot(init)
model.register_forward_pre_hook(lambda mod, args: args[0].requires_grad_())
w = model.w
out = model(data)
