"""The tracing engine shared by both IRON levels: Python bodies (a Worker's ``core_fn``, a
``@func`` kernel, ``rt.inline_ops``, a placed design's ``@core``) run once against proxies and
emit ``arith``/``memref``/``scf`` ops (:mod:`.engine`); :mod:`.arith` holds the helpers
operators cannot express (constants of a type, casts, select, min/max)."""
