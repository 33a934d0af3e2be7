opt = torch.optim.SGD(model.parameters(), lr=0.1)
opt.zero_grad()
num_micro = 4
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb)
    (loss / num_micro).backward()
# no opt.step(): only accumulate
