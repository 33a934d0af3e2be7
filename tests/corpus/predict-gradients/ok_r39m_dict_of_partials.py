values = {"w": 5, "x": -2, "b": 4}
partials = {"w": values["x"], "x": values["w"], "b": 1}
dw, dx, db = partials["w"], partials["x"], partials["b"]
