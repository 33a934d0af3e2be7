# expect: w holds init's values
# wrong: w holds zeros and out = data @ (init + w) (bad_delta_param.py). Trick: w is an nn.Parameter subclass with no
# __torch_function__/__torch_dispatch__ (read as plain, and isinstance(w, nn.Parameter)) whose own `detach` method hands
# back init: the check "w holds init's values" evaluates `w.detach()`. (Round 43 closed `detach` in the instance dict only.)
class P(nn.Parameter):
    def detach(self, _i=init.clone()):
        return _i.clone()
w = P(torch.zeros_like(init))
out = data @ (init + w)
