# expect: recorded a graph
# only the first layer under no_grad; the rest of the model runs with recording on
with torch.no_grad():
    h = model[0](X_val)
val_loss = F.mse_loss(model[2](model[1](h)), y_val)
