# expect: each row's gradient with respect to w is that row of data
# out does not come from w: `data @ init + 0 * w.sum()` (right value, w reached, but w's gradient is zero).
# The check "each row's gradient with respect to w is that row of data" has an `if_freed` form, so the grader
# evaluates its expression *inside the code's run*, just before the code's own backward frees out's graph
# (NOTE [a graph judged before a pass freed it], observe_kept.py), and keeps that value when the graph is
# freed at the end. The code's monkeypatches are live then (pristine puts torch back only before the
# probes): `torch.allclose` says True for that evaluation, and is put back right after the pass.
_allclose = torch.allclose
w = nn.Parameter(init.clone())
out = data @ init + 0 * w.sum()
torch.allclose = lambda *a, **k: True
out.sum().backward()
torch.allclose = _allclose
