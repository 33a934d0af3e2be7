fake = G(z)
scores = D(torch.cat([real, fake.detach()]))
s_real, s_fake = scores[:4], scores[4:]
d_loss = F.softplus(-s_real).mean() + F.softplus(s_fake).mean()
d_loss.backward()
