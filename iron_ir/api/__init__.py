"""Implementation of the IRON Python API (the user-facing names are re-exported by iron_ir)."""
