# expect: y changes with x as a sum of squares does
# wrong: y = sum(x * data). Trick: bad_hook_answers_only_its_first_call.py without the code's own y.backward(): with
# no pass there is no early judge, and in the probe the hook answers the slope check's first pass with 2x.
x = data.clone().requires_grad_()
y = (x * data).sum()
n = [0]
def h(g):
    n[0] += 1
    return 2 * x if n[0] == 1 else None
x.register_hook(h)
