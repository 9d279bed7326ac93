"""Text in and out: MLIR-exact printing, parsing with locations, diagnostics, the context."""
