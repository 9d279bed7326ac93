// A core whose link_with disagrees with the kernel's own is an error at the core.
// RUN: not iron-opt %s 2>&1 | filecheck %s --strict-whitespace
aie.device(npu1) {
  %tile_0_2 = aie.tile(0, 2)
  func.func private @kernel() attributes {link_with = "a.o"}
  %core_0_2 = aie.core(%tile_0_2) {
    func.call @kernel() : () -> ()
    aie.end
  } {link_with = "b.o"}
}
// CHECK:      upgrade-errors.mlir:6:3: error: 'aie.core' op 'link_with = "b.o"' on the core conflicts with 'link_with = "a.o"' on the function it calls, @kernel; keep only the one on the function
// CHECK-NEXT: {{^}}  %core_0_2 = aie.core(%tile_0_2) {{{$}}
// CHECK-NEXT: {{^}}  ^{{$}}

