"""``python -m perfectplay``: the command line."""

import sys

from perfectplay.cli import main

sys.exit(main())
