"""taplib: tensor access patterns for DMA transfers (mlir-aie's ``aie.helpers.taplib``).

``TensorAccessPattern`` (a TAP) is one offset + sizes/strides walk over a tensor;
``TensorAccessSequence`` an ordered list of them; ``TensorTiler2D`` builds sequences for 2-D
tilings. ``dma_bd_dims`` gives the 4-D (sizes, strides, offset) a runtime ``aie.dma_bd`` takes
for a TAP.

Sizes, strides and offsets match mlir-aie's taplib for the same arguments. Where this package
deliberately differs:
  * every invalid argument raises :class:`TapError` (a ``ValueError``) naming the argument, the
    rule and the caller's file:line; dims, sizes and strides are always returned as lists, so a
    pattern built from tuples equals one built from lists;
  * a sequence whose patterns overlap numbers each element by its last access (mlir-aie adds the
    per-pattern numbers together); counts and non-overlapping sequences are identical;
  * ``visualize`` returns the matplotlib Figure (drawn on Agg; ``show_plot`` displays it only
    inside IPython) and ``animate`` can write a GIF (``file_path``);
  * ``compose`` raises instead of returning a pattern that would visit other elements.
"""

from .tap import TensorAccessPattern
from .tas import TensorAccessSequence
from .tensortiler2d import TensorTiler2D
from .utils import BdDims, TapError, dma_bd_dims

__all__ = [
    "BdDims",
    "TapError",
    "TensorAccessPattern",
    "TensorAccessSequence",
    "TensorTiler2D",
    "dma_bd_dims",
]
