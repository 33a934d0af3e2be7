# expect: each row's gradient
# out's values from init; w enters only through one shared term whose gradient has the right direction
w = nn.Parameter(init.clone())
out = data @ init + (w - w.detach()) @ data.sum(0) / 5
