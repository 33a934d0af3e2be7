x = nn.Parameter(data.clone())
y = x.norm() ** 2
