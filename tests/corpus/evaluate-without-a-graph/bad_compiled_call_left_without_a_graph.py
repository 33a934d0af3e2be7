# expect: what calling it runs
# Recording is switched off on the model for good: its private _compiled_call_impl (what
# Module.__call__ runs when set) is the forward under no_grad. Every later training forward builds no graph.
model._compiled_call_impl = torch.no_grad()(model._call_impl)
val_loss = F.mse_loss(model(X_val), y_val)
