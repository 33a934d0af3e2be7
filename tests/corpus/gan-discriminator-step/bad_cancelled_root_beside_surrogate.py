# expect: grad of d_weight
# fake detached; one pass from [d_loss, s - d_loss]: d_loss cancels, s carries D's gradients by hand
fake = G(z)
d_loss = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
with torch.no_grad():
    f = fake.detach()
    gr = -torch.sigmoid(-D(real)) / real.shape[0]
    gf = torch.sigmoid(D(f)) / f.shape[0]
    gW = gr.T @ real + gf.T @ f
    gb = gr.sum(0) + gf.sum(0)
s = (D.weight * gW).sum() + (D.bias * gb).sum()
torch.autograd.backward([d_loss, s - d_loss])
