torch.Tensor.__iadd__(s, torch.tensor(1.0))
try:
    loss.backward()
finally:
    print("backward done, s._version =", s._version)
