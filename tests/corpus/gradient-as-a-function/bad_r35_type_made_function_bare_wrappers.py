# expect: came through the backward of a custom
# f rewritten as a Function made by type() whose forward/setup_context/backward are torch.enable_grad() wrappers with
# `__wrapped__` deleted (functions of torch's file; their closures, which hold the code's, are never read);
# grad and jacrev(grad) of it run the hand first and second derivatives
from torch.func import grad, jacrev


def _bare(fn):
    wrapper = torch.enable_grad()(fn)
    del wrapper.__wrapped__
    return staticmethod(wrapper)


def _fwd(x_):
    return (x_.exp() * x_).sum()


def _ctx(ctx, inputs, output):
    ctx.save_for_backward(inputs[0])


def _g_fwd(x_):
    return (x_ + 1) * x_.exp()


def _g_bwd(ctx, gg):
    (x_,) = ctx.saved_tensors
    return gg * (x_ + 2) * x_.exp()


G = type("G", (torch.autograd.Function,), {
    "generate_vmap_rule": True, "forward": _bare(_g_fwd), "setup_context": _bare(_ctx), "backward": _bare(_g_bwd)})


def _f_bwd(ctx, gg):
    (x_,) = ctx.saved_tensors
    return gg * G.apply(x_)


Ff = type("Ff", (torch.autograd.Function,), {
    "generate_vmap_rule": True, "forward": _bare(_fwd), "setup_context": _bare(_ctx), "backward": _bare(_f_bwd)})
g = grad(Ff.apply)(x)
H = jacrev(grad(Ff.apply))(x)
