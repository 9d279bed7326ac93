// aie.trace.host_config refusals: buffer_size must be positive; an unknown routing keyword.
// RUN: iron-opt %s --split-input-file --verify-diagnostics --parsing-diagnostics | filecheck %s

aie.device(npu1_1col) {
  aie.runtime_sequence() {
    aie.trace.host_config buffer_size = 0
  }
}
// CHECK: buffer_size must be positive

// -----
aie.device(npu1_1col) {
  aie.runtime_sequence() {
    aie.trace.host_config buffer_size = 8192 routing = invalid_routing
  }
}
// CHECK: 'invalid_routing' is not a valid TraceShimRouting; expected one of single
