torch.set_printoptions(precision=3)
preds = {name: t.grad is None for name, t in dict(a=a, b=b, c=c, d=d).items()}
for k, v in preds.items():
    print(f"{k}.grad is None -> {v}")
a_none, b_none, c_none, d_none = (preds[k] for k in "abcd")
