# expect: grad of x
# why wrong: the Mul path's gradient (grad * a) is answered by hand by an aten mul kernel of the code's own, registered with torch.library.impl (torch makes the Library, not the code)
def mul_cpu(self, other):
    if torch._C._current_graph_task_id() != -1 and other is a:
        return (a + x.detach().exp()) - x.detach().exp() + torch.zeros_like(a)   # by hand
    out = torch.empty(torch.broadcast_shapes(self.shape, other.shape), dtype=torch.result_type(self, other))
    return torch.mul(self, other, out=out)
torch.library.impl("aten::mul.Tensor", "CPU", mul_cpu)
loss = (x * a + x.exp()).sum()
loss.backward()
