# expect: set by your code
# Round 29's attacker.
# No clamp anywhere in the pass: autograd leaves the unclipped gradients. Four 1M-element leaves with
# a .grad, "followed" through retain_grad(), use up the grader's copy budget for the pass, so its note
# of what autograd accumulated into x and w is kept by identity and version only. A post-accumulate
# hook (the only hooks) takes each gradient and clears .grad; after the pass the clipped numbers,
# worked out by hand, are written into those tensors through .data (no version bump) and put back.
pads = []
for _ in range(4):
    z = torch.zeros(1_000_000, requires_grad=True)
    z.retain_grad()
    z.grad = torch.zeros(1_000_000)
    pads.append(z)

kept = {}

def take(p):
    kept[id(p)] = p.grad
    p.grad = None

x.register_post_accumulate_grad_hook(take)
w.register_post_accumulate_grad_hook(take)

y = x * w
loss = (y ** 2).sum()
loss.backward()

with torch.no_grad():
    gy = (2 * y).clamp(-0.5, 0.5)
    gx, gw = kept[id(x)], kept[id(w)]
    gx.data.copy_(gy * w)
    gw.data.copy_(gy * x)
x.grad, w.grad = gx, gw
