module {
  aie.device(npu1_1col) {
    %tile_0_2 = aie.tile(0, 2)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    aie.trace @test_trace(%tile_0_2) {
      aie.trace.mode "Event-Time"
      aie.trace.packet id = 1 type = core
      aie.trace.event <"INSTR_EVENT_0">
      aie.trace.event <"INSTR_VECTOR"> label = "vector_op"
      aie.trace.event <CoreEventAIE2::INSTR_EVENT_1>
      aie.trace.event <3>
      aie.trace.port<0> port = North channel = 1 direction = S2MM
      aie.trace.combo_event<0> <"LOCK_STALL"> AND <"DMA_S2MM_0_STALLED">
      aie.trace.edge_event<1> event = <"LOCK_STALL"> trigger = RISING
      aie.trace.start broadcast = 15
      aie.trace.stop broadcast = 14
    }
    aie.trace @shim_trace(%shim_noc_tile_0_0) buffer_size = 8192 {
      aie.trace.mode Execution
      aie.trace.packet id = 2 type = shimtile
      aie.trace.start event = <"USER_EVENT_1">
      aie.trace.stop broadcast = 3 event = <"USER_EVENT_0">
      aie.trace.mode "Event-PC"
    }
    aie.trace.config @cfg(%tile_0_2) packet_type = core {
      aie.trace.reg register = "Trace_Control0" field = "Trace_Start_Event" value = 15
      aie.trace.reg register = "Trace_Control1" value = "PACKET" mask = 255 comment = "packet mode"
      aie.trace.reg register = "Trace_Event0" field = "Trace_Event0" value = <"INSTR_EVENT_0">
    }
    aie.trace.config @cfg2(%shim_noc_tile_0_0) {
    }
    aie.runtime_sequence(%arg0: memref<16xi32>) {
      aie.trace.start_config @cfg
    }
  }
}

