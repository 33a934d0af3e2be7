# 修正训练循环：每一步只用本步的梯度
学习率 = 0.1
losses, grads = [], []
for 步 in range(5):
    w.grad = None
    损失 = ((X @ w - y) ** 2).mean()
    损失.backward()
    grads.append(w.grad.clone())
    with torch.no_grad():
        w -= 学习率 * w.grad
    losses.append(损失.item())
    print(f"第 {步} 步，损失 = {损失.item():.4f}")
