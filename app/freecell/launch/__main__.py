"""``python -m freecell.launch --self-check``: the packaging self-check."""

import sys

from freecell.launch import main

sys.exit(main())
