from rich.traceback import install
install(show_locals=False)  # prettier tracebacks

s.add_(1)
loss.backward()
