# round 32's second learner: passes that ask for the parameters only (inputs=)
for xb, yb in zip(X.split(2), y.split(2)):
    loss = F.mse_loss(model(xb), yb) / 4
    loss.backward(inputs=[model.weight, model.bias])
