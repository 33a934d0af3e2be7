s.view(-1).sub_(-1)
torch.autograd.backward([loss], [torch.tensor(1.0)])
