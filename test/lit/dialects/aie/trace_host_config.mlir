// aie.trace.host_config: keywords printed only where they differ from the defaults (arg_idx 4,
// routing single, trace_after_last_tensor false), newer releases' options in the attr-dict (and
// their all-attr-dict form read); round trip through the generic form. Refusals:
// trace_host_config_invalid.mlir.
// RUN: iron-opt %s | filecheck %s
// RUN: iron-opt %s --print-op-generic | iron-opt | filecheck %s
// RUN: iron-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:      aie.trace.host_config buffer_size = 8192{{$}}
// CHECK-NEXT: aie.trace.host_config buffer_size = 8192{{$}}
// CHECK-NEXT: aie.trace.host_config buffer_size = 65536 arg_idx = -1 trace_after_last_tensor = true{{$}}
// CHECK-NEXT: aie.trace.host_config buffer_size = 4096 {egress_shim_col = 1 : i32, reuse_output_buffer = true}
// CHECK-NEXT: aie.trace.host_config buffer_size = 2048 {egress_shim_col = 2 : i32}
// CHECK-NEXT: aie.trace.host_config buffer_size = 8192{{$}}
// CHECK-NEXT: aie.trace.start_config @t
// GENERIC: "aie.trace.host_config"() <{buffer_size = 8192 : i32}> : () -> ()
// GENERIC: "aie.trace.host_config"() <{arg_idx = -1 : i32, buffer_size = 65536 : i32, trace_after_last_tensor = true}> : () -> ()

module {
  aie.device(npu1_2col) {
    %t02 = aie.tile(0, 2)
    aie.trace @t(%t02) {
      aie.trace.packet id = 1 type = core
      aie.trace.event <"INSTR_EVENT_0">
      aie.trace.start broadcast = 15
      aie.trace.stop broadcast = 14
    }
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      aie.trace.host_config buffer_size = 8192
      aie.trace.host_config buffer_size = 8192 routing = single
      aie.trace.host_config buffer_size = 65536 arg_idx = -1 trace_after_last_tensor = true
      aie.trace.host_config buffer_size = 4096 {egress_shim_col = 1 : i32, reuse_output_buffer = true}
      aie.trace.host_config {buffer_size = 2048 : i32, egress_shim_col = 2 : i32}
      aie.trace.host_config {buffer_size = 8192 : i32, reuse_output_buffer = false}
      aie.trace.start_config @t
    }
  }
}
