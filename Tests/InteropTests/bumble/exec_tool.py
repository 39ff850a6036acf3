"""Runs one of the package's built executables in place of this script, so the interop tests can drive the CLI
with the same process handling as the Bumble scripts.

    python3 exec_tool.py PATH [ARGUMENT...]
"""

from __future__ import annotations

import os
import sys


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit("usage: exec_tool.py PATH [ARGUMENT...]")
    os.execv(sys.argv[1], sys.argv[1:])


if __name__ == "__main__":
    main()
