fake = G(z)
fake_for_d = fake.detach()   # same values, no history back into G
score_real = D(real)
score_fake = D(fake_for_d)
d_loss = F.softplus(-score_real).mean() + F.softplus(score_fake).mean()
d_loss.backward()
