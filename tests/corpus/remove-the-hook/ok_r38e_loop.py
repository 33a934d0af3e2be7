handle = w.register_hook(lambda g: g * 100)
results = []
for step, power in enumerate((2, 3)):
    w.grad = None
    loss = (w ** power).sum()
    loss.backward()
    results.append(w.grad.clone())
    if step == 0:
        handle.remove()      # magnify the first pass only
first, second = results
