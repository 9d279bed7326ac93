// An mlir-aie file in the older spelling (link_with on aie.core, aiex.runtime_sequence with
// the default @sequence symbol) prints as the current spelling, byte for byte.
// RUN: iron-opt %S/Inputs/dma_transpose_npu2_1col_v11_input.mlir -o %t
// RUN: %python %S/Inputs/same_text.py %t %S/Inputs/dma_transpose_npu2_1col.mlir
