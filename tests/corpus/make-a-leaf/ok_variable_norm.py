from torch.autograd import Variable

x = Variable(data.clone(), requires_grad=True)
y = torch.linalg.vector_norm(x) ** 2
