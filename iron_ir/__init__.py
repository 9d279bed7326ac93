"""iron-ir: an xDSL compiler for AMD XDNA NPUs programmed with the IRON API."""
