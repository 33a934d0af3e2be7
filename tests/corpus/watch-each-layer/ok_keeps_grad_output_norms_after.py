# the hooks keep what they are given; the norms are taken after backward
kept = []
for i in (0, 2):
    model[i].register_full_backward_hook(lambda m, gin, gout: kept.append(gout[0]))
loss = F.mse_loss(model(x), target)
loss.backward()
out_norms = [g.norm().item() for g in kept]
