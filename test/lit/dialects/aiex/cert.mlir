// Round trip of the aiex.cert.* ops (implicit aie.end in their regions).
// RUN: iron-opt %s --split-input-file | filecheck %s
// RUN: iron-opt %s --split-input-file --print-op-generic | iron-opt --split-input-file | filecheck %s

module {
  aie.device(npu2) {
    aiex.cert.uc_dma_chain @chain0 {
      aiex.cert.uc_dma_bd @chain0, 0, 16, false
      aiex.cert.uc_dma_bd @chain0, 64, 32, true
    }
    aiex.cert.job(1) {
      aiex.cert.write32(100, 5)
      aiex.cert.maskwrite32(100, 255, 5)
      aiex.cert.apply_offset_57(@chain0, 1, 0)
      aiex.cert.wait_tcts(0, 1, 2)
      aiex.cert.uc_dma_write_des_sync(@chain0)
      aiex.cert.local_barrier(0, 2)
      aiex.cert.remote_barrier(0, 3)
      aiex.cert.nop
    }
    aiex.cert.attach_to_group(2) {
      aiex.cert.job(3) {
        aiex.cert.nop
        aie.end
      }
    }
  }
}

// CHECK:      aiex.cert.uc_dma_chain @chain0 {
// CHECK-NEXT:   aiex.cert.uc_dma_bd @chain0, 0, 16, false
// CHECK-NEXT:   aiex.cert.uc_dma_bd @chain0, 64, 32, true
// CHECK-NEXT: }
// CHECK-NEXT: aiex.cert.job(1) {
// CHECK-NEXT:   aiex.cert.write32(100, 5)
// CHECK-NEXT:   aiex.cert.maskwrite32(100, 255, 5)
// CHECK-NEXT:   aiex.cert.apply_offset_57(@chain0, 1, 0)
// CHECK-NEXT:   aiex.cert.wait_tcts(0, 1, 2)
// CHECK-NEXT:   aiex.cert.uc_dma_write_des_sync(@chain0)
// CHECK-NEXT:   aiex.cert.local_barrier(0, 2)
// CHECK-NEXT:   aiex.cert.remote_barrier(0, 3)
// CHECK-NEXT:   aiex.cert.nop
// CHECK-NEXT: }
// CHECK-NEXT: aiex.cert.attach_to_group(2) {
// CHECK-NEXT:   aiex.cert.job(3) {
// CHECK-NEXT:     aiex.cert.nop
// CHECK-NEXT:   }
// CHECK-NEXT: }
