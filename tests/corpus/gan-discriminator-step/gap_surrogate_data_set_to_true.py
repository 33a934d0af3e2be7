# expect: grad of d_weight
fake = G(z)
with torch.no_grad():
    f = fake.detach()
    dr, df = D(real), D(f)
    true = F.softplus(-dr).mean() + F.softplus(df).mean()
    cr = -torch.sigmoid(-dr) / dr.shape[0]
    cf = torch.sigmoid(df) / df.shape[0]
    gW = cr.T @ real + cf.T @ f
    gb = cr.sum(0) + cf.sum(0)
d_loss = (d_weight * gW).sum() + (d_bias * gb).sum()
d_loss.data = true
d_loss.backward()
