"""The file given to ``crosshair check --extra_plugin``: it registers the per-shape creators.

It does nothing where no shape is set (as when the doctests import every module).
"""

import os

from gametree.proofs.machinery._crosshair_plugin import register

if "GAMETREE_PROOF_SHAPE" in os.environ:
    register()
