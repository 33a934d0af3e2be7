# expect: grad of x
lib = torch.library.Library("aten", "IMPL")
def mul_cpu(self, other):
    if torch._C._current_graph_task_id() != -1 and other is a:
        return (a + x.detach().exp()) - x.detach().exp() + torch.zeros_like(a)   # by hand
    out = torch.empty(torch.broadcast_shapes(self.shape, other.shape), dtype=torch.result_type(self, other))
    return torch.mul(self, other, out=out)
lib.impl("mul.Tensor", mul_cpu, "CPU")
loss = (x * a + x.exp()).sum()
loss.backward()
