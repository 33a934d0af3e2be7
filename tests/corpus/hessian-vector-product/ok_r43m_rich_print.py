from rich.console import Console
from rich.table import Table

(g,) = torch.autograd.grad(f(x), x, create_graph=True)
(hvp,) = torch.autograd.grad(g @ v, x)
table = Table(title="HVP")
table.add_column("i"); table.add_column("hvp")
for i, val in enumerate(hvp.tolist()):
    table.add_row(str(i), f"{val:+.4f}")
Console().print(table)
