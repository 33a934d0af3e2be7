from rich import print

y = w * x + b
y.backward()
print(f"[bold]dy/dw[/bold] = {w.grad.item():.4f}, dy/dx = {x.grad.item():.4f}, dy/db = {b.grad.item():.4f}")
