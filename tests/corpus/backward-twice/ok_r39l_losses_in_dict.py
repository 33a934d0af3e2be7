h = x.exp()
losses = {"first": h.sum(), "second": (h ** 2).sum()}
loss1, loss2 = losses["first"], losses["second"]
for name in ("first", "second"):
    losses[name].backward(retain_graph=(name == "first"))
