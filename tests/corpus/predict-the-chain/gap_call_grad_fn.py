# expect: no autograd in the answer
# walks the graph and calls each node's backward by hand
pow_node = loss.grad_fn
(g_u,) = [pow_node(torch.ones_like(loss))]
add_node = pow_node.next_functions[0][0]
g_mul, g_b = add_node(g_u)
mul_node = add_node.next_functions[0][0]
g_w = mul_node(g_mul)
g_w = g_w[0] if isinstance(g_w, tuple) else g_w
dw = g_w.item()
db = g_b.item()
