# expect: w1
first.eval()   # "freeze" the pretrained layer
loss = F.mse_loss(second(torch.relu(first(X))), y)
loss.backward()
