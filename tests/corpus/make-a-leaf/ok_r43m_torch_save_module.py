import torch.nn as nn

class Square(nn.Module):
    def forward(self, t):
        return (t ** 2).sum()

model = Square()
torch.save(model, "square.pt")
model = torch.load("square.pt", weights_only=False)
x = data.clone().requires_grad_()
y = model(x)
