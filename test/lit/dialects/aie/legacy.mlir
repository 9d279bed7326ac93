// Older spellings mlir-aie still reads are accepted and printed in the current spelling.
// RUN: iron-opt %s | filecheck %s

module {
  aie.device(npu1_4col) @main {
    %t00 = aie.tile(0, 0)
    %t02 = aie.tile(0x0, 0x2)
    %t03 = aie.tile(0, 3)
    %t01 = aie.tile(0, 1)
    aie.flow(%t02, "DMA" : 0, %t03, "Core" : 1)
    aie.packet_flow(0x10) {
      aie.packet_source<%t02, "Trace" : 0>
      aie.packet_dest<%t00, "DMA" : 1>
    }
    aie.objectfifo @of0 (%t00, {%t01}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
    aie.objectfifo @of1 (%t01, {%t02}, 2 : i32) : !aie.objectfifo<memref<64xi32>>
    aie.objectfifo.link [@of0] -> [@of1] ([] [])
    %buf = aie.buffer(%t01) {sym_name = "buf"} : memref<16384xi32>
    %mt = aie.memtile_dma(%t01) {
      %0 = aie.dma_start("MM2S", 0, ^bb1, ^bb2)
    ^bb1:
      aie.dma_bd(%buf : memref<16384xi32> offset = 0 len = 4096 sizes = [512, 4] strides = [8, 1])
      aie.next_bd ^bb1
    ^bb2:
      aie.end
    }
    %c = aie.core(%t02) {
      %0 = aie.objectfifo.acquire @of1 (Consume, 1) : !aie.objectfifosubview<memref<64xi32>>
      aie.objectfifo.release @of1 (Consume, 1)
      aie.end
    } {link_with = "kernel.o", stack_size = 1024 : i32}
    aie.runtime_sequence @sequence(%a: memref<64xi32>) {
    }
  }
}

// CHECK:      module {
// CHECK-NEXT:   aie.device(npu1) {
// CHECK-NEXT:     %shim_noc_tile_0_0 = aie.tile(0, 0)
// CHECK-NEXT:     %tile_0_2 = aie.tile(0, 2)
// CHECK-NEXT:     %tile_0_3 = aie.tile(0, 3)
// CHECK-NEXT:     %mem_tile_0_1 = aie.tile(0, 1)
// CHECK-NEXT:     aie.flow(%tile_0_2, DMA : 0, %tile_0_3, Core : 1)
// CHECK-NEXT:     aie.packet_flow(16) {
// CHECK-NEXT:       aie.packet_source<%tile_0_2, Trace : 0>
// CHECK-NEXT:       aie.packet_dest<%shim_noc_tile_0_0, DMA : 1>
// CHECK-NEXT:     }
// CHECK-NEXT:     aie.objectfifo @of0(%shim_noc_tile_0_0, {%mem_tile_0_1}, 2 : i32) : !aie.objectfifo<memref<64xi32>> {{$}}
// CHECK-NEXT:     aie.objectfifo @of1(%mem_tile_0_1, {%tile_0_2}, 2 : i32) : !aie.objectfifo<memref<64xi32>> {{$}}
// CHECK-NEXT:     aie.objectfifo.link [@of0] -> [@of1]([] [])
// CHECK-NEXT:     %buf = aie.buffer(%mem_tile_0_1) {sym_name = "buf"} : memref<16384xi32> {{$}}
// CHECK-NEXT:     %memtile_dma_0_1 = aie.memtile_dma(%mem_tile_0_1) {
// CHECK-NEXT:       %0 = aie.dma_start(MM2S, 0, ^bb1, ^bb2)
// CHECK-NEXT:     ^bb1:  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:       aie.dma_bd(%buf : memref<16384xi32>, 0, 4096, [<size = 512, stride = 8>, <size = 4, stride = 1>])
// CHECK-NEXT:       aie.next_bd ^bb1
// CHECK-NEXT:     ^bb2:  // pred: ^bb0
// CHECK-NEXT:       aie.end
// CHECK-NEXT:     }
// CHECK-NEXT:     %core_0_2 = aie.core(%tile_0_2) {
// CHECK-NEXT:       %0 = aie.objectfifo.acquire @of1(Consume, 1) : !aie.objectfifosubview<memref<64xi32>>
// CHECK-NEXT:       aie.objectfifo.release @of1(Consume, 1)
// CHECK-NEXT:       aie.end
// CHECK-NEXT:     } {link_with = "kernel.o"}
// CHECK-NEXT:     aie.runtime_sequence(%arg0: memref<64xi32>) {
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: }
