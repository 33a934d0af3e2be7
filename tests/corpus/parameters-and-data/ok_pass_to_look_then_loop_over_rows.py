# correct: a trial pass from a squared loss, then prints each row's output with a loop over r, zero_grad
w = nn.Parameter(init.clone())
out = data @ w
loss = (out ** 2).mean()
loss.backward()
for r in range(len(data)):
    print(r, out[r].item())
w.grad = None
