"""DMA access patterns: what a BD visits (:mod:`.access`) and how a pattern becomes legal BDs
(:mod:`.legalize`)."""
