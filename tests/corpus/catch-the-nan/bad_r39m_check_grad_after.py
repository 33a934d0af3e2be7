# expect: RuntimeError
# plain pass, then complains with its own assert
loss = model(x)
loss.backward()
assert not torch.isnan(x.grad).any(), "x.grad has NaN"
