from rich.pretty import pprint

dw, dx, db = -2.0, 5.0, 1.0
pprint({"dw": dw, "dx": dx, "db": db})
