y = torch.addcmul(b, w, x)
y.backward()
