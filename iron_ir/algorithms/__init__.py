"""``aie.iron.algorithms``: whole designs from one function — apply ``func`` to every element
(``transform``, ``transform_binary``, ``for_each`` in place), spread over columns
(``transform_parallel*``), or hand a whole tensor to a reduction kernel (``reduce``).

Two calling conventions exist in mlir-aie's releases and both work:

* design generators (2026): ``transform(func, input, output, *params)`` returns the resolved
  module, to be returned from an ``@iron.jit`` function; the ``*_typed`` forms take numpy
  ndarray types instead of tensors (``for_each(func, tensor_ty, tile_size)`` is typed too);
* immediate (2025): ``transform(input, output, func)``, ``transform_binary(a, b, out, func)``,
  ``for_each(tensor, func)`` compile and run the design at once (through ``iron.jit``).
"""

from iron_ir.algorithms.generators import (
    for_each,
    for_each_typed,
    reduce,
    reduce_typed,
    transform,
    transform_binary,
    transform_binary_typed,
    transform_parallel,
    transform_parallel_binary,
    transform_parallel_binary_typed,
    transform_parallel_typed,
    transform_typed,
)

__all__ = [
    "for_each",
    "for_each_typed",
    "reduce",
    "reduce_typed",
    "transform",
    "transform_binary",
    "transform_binary_typed",
    "transform_parallel",
    "transform_parallel_binary",
    "transform_parallel_binary_typed",
    "transform_parallel_typed",
    "transform_typed",
]
