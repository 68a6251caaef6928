"""``python -m freecell.cli``: the same as ``freecell-cli``."""

import sys

from freecell.cli import main

sys.exit(main())
