loss = (nn.Tanh()(w * x + b) - target).pow(2.0).mean(dim=-1)
