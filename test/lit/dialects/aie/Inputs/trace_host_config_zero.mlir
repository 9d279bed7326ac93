aie.device(npu1_1col) {
  aie.runtime_sequence() {
    aie.trace.host_config buffer_size = 0
  }
}
