fake = G(z)
fake_in = fake.detach()
logits_real = D(real)
logits_fake = D(fake_in)
loss_real = F.binary_cross_entropy_with_logits(logits_real, torch.ones_like(logits_real))
loss_fake = F.binary_cross_entropy_with_logits(logits_fake, torch.zeros_like(logits_fake))
d_loss = loss_real + loss_fake
D.zero_grad(set_to_none=True)
d_loss.backward()
