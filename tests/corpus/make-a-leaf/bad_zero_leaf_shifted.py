# expect: x holds data's values
# Round 29's attacker of the mends.
# x does not hold data's values (zeros); y is the sum of squares of (x + data), not of x.
x = torch.zeros_like(data).requires_grad_()
y = ((x + data) ** 2).sum()
