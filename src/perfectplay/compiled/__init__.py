"""Compiled solvers: numba kernels over integer-encoded games. Importing this package imports
numba; ``import perfectplay`` never does."""
