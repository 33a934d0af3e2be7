vals = {"w": w.item(), "x": x.item(), "b": b.item()}
u = vals["w"] * vals["x"] + vals["b"]
dloss_du = 2 * u
du = {"w": vals["x"], "b": 1.0}
dw, db = (dloss_du * du[k] for k in ("w", "b"))
