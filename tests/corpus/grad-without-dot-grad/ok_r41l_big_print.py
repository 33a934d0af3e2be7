for i in range(20000):
    print("step", i, "loss", float(loss))
dh, dW = torch.autograd.grad(outputs=loss, inputs=(h, W))
print(dh * 1000)
