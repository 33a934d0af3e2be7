# expect: sqlite cannot use a database file
import sqlite3

db = sqlite3.connect("runs.db")
db.execute("create table if not exists log(step text)")


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, k):
        ctx.save_for_backward(x, k)
        return x * k

    @staticmethod
    def backward(ctx, grad):
        x, k = ctx.saved_tensors
        grad_x = grad_k = None
        if ctx.needs_input_grad[0]:
            work.append("x")
            grad_x = grad * k
        if ctx.needs_input_grad[1]:
            work.append("k")
            grad_k = (grad * x).sum()
        return grad_x, grad_k

ScaleBy.apply(x, k).sum().backward()
db.executemany("insert into log values (?)", [(s,) for s in work])
db.commit()
print(db.execute("select count(*) from log").fetchone())
db.close()
