# correct: w inside a module; a sanity backward, then module.zero_grad()
class Dot(nn.Module):
    def __init__(self, start):
        super().__init__()
        self.w = nn.Parameter(start.clone())
    def forward(self, inp):
        return inp @ self.w

m = Dot(init)
w = m.w
out = m(data)
out.mean().backward()
m.zero_grad()
