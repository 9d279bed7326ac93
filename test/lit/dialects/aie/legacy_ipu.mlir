// The 2023-2024 device name ipu (the Phoenix NPU) reads as npu1 and prints as npu1.
// RUN: iron-opt %s | filecheck %s
// CHECK: aie.device(npu1) {
// CHECK-NEXT: %tile_0_2 = aie.tile(0, 2)
aie.device(ipu) {
  %t = aie.tile(0, 2)
}
