# Computes h through a small module that uses the setup's W, with a forward hook that retains h's gradient
class Hidden(nn.Module):
    def forward(self, inp):
        return inp @ W


layer = Hidden()
layer.register_forward_hook(lambda mod, inp, out: out.retain_grad())
h = layer(x)
loss = torch.tanh(h).sum()
loss.backward()
