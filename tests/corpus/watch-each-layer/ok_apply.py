out_norms = []

def attach(m):
    if isinstance(m, nn.Linear):
        m.register_full_backward_hook(lambda mod, gin, gout: out_norms.append(gout[0].norm().item()))

model.apply(attach)
loss = F.mse_loss(model(x), target)
loss.backward()
