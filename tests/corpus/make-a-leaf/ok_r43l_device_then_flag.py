device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
x = data.clone().to(device).requires_grad_(True)
y = (x ** 2).sum()
