class Hidden(nn.Module):
    def forward(self, inp):
        self.h = inp @ W
        self.h.retain_grad()
        return torch.tanh(self.h).sum()

m = Hidden()
loss = m(x)
loss.backward()
h = m.h
