import contextlib, os, sys
with open(os.devnull, "w") as sink, contextlib.redirect_stdout(sink):
    h = torch.sigmoid(x * w)
    h = h * 2
    print("noisy debug", h)
loss = (h * x).sum()
loss.backward()
sys.stdout = open("out.txt", "w")  # the rest goes to a file
print("loss", loss.item())
