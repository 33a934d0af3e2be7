import warnings
warnings.simplefilter("error", DeprecationWarning)  # keep my code free of deprecated APIs
warnings.simplefilter("error", FutureWarning)

y = torch.exp(x)
logged = 0.5 * y.detach().sum().item()
loss = y.sum()
loss.backward()
