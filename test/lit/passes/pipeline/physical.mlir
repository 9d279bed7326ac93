// iron-to-aie-physical: the IRON program down to the physical level in one pipeline, and
// aie-to-physical on its objectfifo-level output gives the same text.
// RUN: iron-opt %S/vector_scalar_mul.mlir -p iron-to-aie-physical -o %t.physical.mlir
// RUN: filecheck %s --input-file=%t.physical.mlir
// RUN: iron-opt %S/vector_scalar_mul.mlir -p iron-to-aie | iron-opt -p aie-to-physical | diff %t.physical.mlir -
// RUN: iron-opt %S/vector_scalar_mul.mlir -p iron-to-aie | iron-opt --aie-assign-lock-ids --aie-objectFifo-stateful-transform --aie-assign-bd-ids --aie-assign-buffer-addresses --aie-create-pathfinder-flows | diff %t.physical.mlir -

// CHECK-LABEL: aie.device(npu1_1col) {
// CHECK:      %[[CORE:.*]] = aie.tile(0, 2)
// CHECK:      %[[SHIM:.*]] = aie.tile(0, 0)
// CHECK:      %[[OUT_BUFF_0:.*]] = aie.buffer(%[[CORE]]) {address = {{[0-9]+}} : i32, mem_bank = {{[0-9]}} : i32, sym_name = "out_buff_0"} : memref<1024xi16>
// CHECK:      %[[OUT_PROD:.*]] = aie.lock(%[[CORE]], {{[0-9]+}}) {init = 2 : i32, sym_name = "out_prod_lock_0"}
// CHECK-NOT:  aie.objectfifo
// CHECK-NOT:  aie.flow(
// CHECK:      aie.core(%[[CORE]])
// CHECK:        aie.use_lock(%[[OUT_PROD]], AcquireGreaterEqual, 1)
// CHECK:      aie.runtime_sequence
// CHECK:        aiex.dma_configure_task_for @in_shim_alloc
// CHECK:      aie.shim_dma_allocation @in_shim_alloc(%[[SHIM]], MM2S, 0)
// CHECK:      aie.mem(%[[CORE]])
// CHECK:        aie.dma_bd(%{{.*}} : memref<1024xi16>, 0, 1024) {bd_id = 0 : i32, next_bd_id = 1 : i32}
// CHECK:      aie.shim_dma_allocation @out_shim_alloc(%[[SHIM]], S2MM, 0)
// CHECK:      aie.switchbox(%[[SHIM]])
// CHECK:      aie.shim_mux(%[[SHIM]])
// CHECK:        aie.connect<DMA : 0, North : 3>
// CHECK:      aie.wire(
