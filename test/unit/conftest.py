"""Test-suite settings shared by every pytest file.

Hypothesis: under CI (``CI`` set) examples are derandomized — the same examples every run, so a
green suite stays green and a failure reproduces — and there is no per-example deadline (the
2-core CI machine is often loaded). Locally the default profile explores new random examples;
``HYPOTHESIS_PROFILE=ci pytest`` reproduces CI exactly.
"""

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, deadline=None, database=None, print_blob=True)
settings.register_profile("dev", deadline=None, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))
