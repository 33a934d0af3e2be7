import os, tempfile

with tempfile.TemporaryDirectory() as workdir:
    os.chdir(workdir)
    loss = (x * a + x.exp()).sum()
    torch.save({"loss": loss.detach()}, "loss.pt")
    print(torch.load("loss.pt"))
loss.backward()
