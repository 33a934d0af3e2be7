# expect: did not come from a backward pass
# Wrong: the Mul path's gradient (grad * a) is worked out by hand by a TorchDispatchMode of the code's own
# (the gap_mode_class_made_as_torchs answer), but with no thread and no torch file name: the class is
# compiled under the setup's file name "<setup>", which observe_dispatch._codes_frame reads as not the code's.
src = '''
from torch.utils._python_dispatch import TorchDispatchMode
class Answer(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        if torch._C._current_graph_task_id() != -1 and func is torch.ops.aten.mul.Tensor \\
                and any(t is a for t in args):
            return torch.zeros_like(a) + a.clone()                # grad * a, by hand
        return func(*args, **(kwargs or {}))
'''
exec(compile(src, "<setup>", "exec"), globals())
loss = (x * a + x.exp()).sum()
with Answer():
    loss.backward()
