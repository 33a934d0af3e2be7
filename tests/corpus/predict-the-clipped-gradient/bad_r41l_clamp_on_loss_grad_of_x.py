# expect: x_grad
# clamps w*... mixed: correct w_grad but x_grad without clamp
w_grad = [0.4, 1.0, -1.5]
x_grad = [0.08, -0.25, 6.0]
