# correct: checks row 0's gradient is data[0] with out[0].backward() (graph freed)
w = nn.Parameter(init.clone())
out = data @ w
out[0].backward()
print(torch.allclose(w.grad, data[0]))
