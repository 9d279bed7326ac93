"""taplib: tensor access patterns for DMA transfers (mlir-aie's ``aie.helpers.taplib``).

``TensorAccessPattern`` (a TAP) is one offset + sizes/strides walk over a tensor;
``TensorAccessSequence`` an ordered list of them; ``TensorTiler2D`` builds sequences for 2-D
tilings. ``dma_bd_dims`` gives the 4-D (sizes, strides, offset) a runtime ``aie.dma_bd`` takes
for a TAP.
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
