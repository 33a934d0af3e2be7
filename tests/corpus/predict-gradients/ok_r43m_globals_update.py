answers = {"dw": -2.0, "dx": 5.0, "db": 1.0}
globals().update(answers)
y = w * x + b
y.backward()
for name, t in (("dw", w), ("dx", x), ("db", b)):
    assert abs(globals()[name] - t.grad.item()) < 1e-6, name
