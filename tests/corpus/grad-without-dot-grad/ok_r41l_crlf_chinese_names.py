# -*- coding: utf-8 -*-
# 计算梯度：一次 autograd.grad
结果 = torch.autograd.grad(loss, [h, W])
dh, dW = 结果
print("完成", dh.shape)
