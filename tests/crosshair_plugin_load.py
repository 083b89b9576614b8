"""The file given to ``crosshair check --extra_plugin``: it registers the tree creators.

CrossHair runs this file with ``exec`` inside its own ``main()``; the creators live in the
module ``tests.crosshair_plugin``, where they can see each other.
"""

from tests.crosshair_plugin import register

register()
