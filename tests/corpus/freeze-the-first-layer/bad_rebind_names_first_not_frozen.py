# expect: first
with torch.no_grad():
    h = torch.relu(first(X))
loss = F.mse_loss(second(h), y)
loss.backward()
w1, b1 = w1.detach(), b1.detach()   # "w1 and b1 do not require grad now"
