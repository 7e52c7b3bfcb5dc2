"""`python -m halma.distributed perft|match ...` (docs/distributed.md)."""

import sys

from .cli import main

sys.exit(main())
