result = torch.autograd.grad([loss], (h, W), retain_graph=False, create_graph=False)
dh, dW = result[0], result[1]
print(dh.shape, dW.shape)
