"""Reinforcement learning: the environments, the tensor encoding and the batched engine.

:mod:`hearts.rl.env` (PettingZoo and Gymnasium, also ``hearts.env``),
:mod:`hearts.rl.env_parallel`, :mod:`hearts.rl.tensor` (also ``hearts.tensor``) and
:mod:`hearts.rl.batch` (JAX, also ``hearts.batch``). Each needs the ``rl`` or ``jax``
extra; nothing here is imported by ``import hearts``.
"""
