# expect: mat1 and mat2 shapes cannot be multiplied
w = nn.Parameter(init.clone())
out = w @ data
