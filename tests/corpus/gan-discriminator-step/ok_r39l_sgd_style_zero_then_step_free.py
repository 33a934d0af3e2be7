d_opt = torch.optim.SGD(D.parameters(), lr=0.1)
d_opt.zero_grad()
fake = G(z)
fake_in = fake.detach()
loss_real = F.softplus(-D(real)).mean()
loss_fake = F.softplus(D(fake_in)).mean()
d_loss = loss_real + loss_fake
d_loss.backward()
print(d_loss.item(), G.weight.grad)
