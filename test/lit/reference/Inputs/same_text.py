"""Exit 1 with a unified diff unless two files hold the same text (up to trailing newlines).

`iron-opt` ends its output with a blank line, as aie-opt does; the reference files do not.
Every other byte counts, including trailing spaces inside lines.
"""

import difflib
import sys

actual_path, expected_path = sys.argv[1:3]
with open(actual_path) as f:
    actual = f.read().rstrip("\n")
with open(expected_path) as f:
    expected = f.read().rstrip("\n")
if actual != expected:
    sys.stdout.writelines(
        difflib.unified_diff(
            expected.splitlines(keepends=True),
            actual.splitlines(keepends=True),
            expected_path,
            actual_path,
        )
    )
    sys.exit(1)
