@torch.inference_mode()
def validate():
    preds = model(X_val)
    return nn.functional.mse_loss(preds, y_val)

if __name__ == "__main__":
    val_loss = validate()
    print("val", val_loss.item())
