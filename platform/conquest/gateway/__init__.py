"""The gateway: the gRPC server remote bots connect to, and the workers' routing to it."""
