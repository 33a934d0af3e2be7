x = data.clone().requires_grad_()
y = F.mse_loss(x, torch.zeros_like(x), reduction="sum")
