# expect: where your graph differs from the drawing
loss = (torch.tanh(w * x + b) - target).abs().mean()
