with torch.no_grad():
    torch.add(s, 1, out=s)      # in place through out=, outside autograd's view
loss.backward()
