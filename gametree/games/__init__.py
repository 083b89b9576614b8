"""Real games as implicit trees, implementing ``spec.Game``."""
