# expect: started at
# the one pass starts at a detached alias of loss (same memory) that carries a + exp(x) worked out by hand
loss = (x * a + x.exp()).sum()
keep = loss.item()
alias = loss.detach()
g = (a + x.exp()).detach()
alias.mul_(0).add_((x * g).sum())
alias.backward()
with torch.no_grad():
    alias.fill_(keep)
