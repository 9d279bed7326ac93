module {
  aie.device(npu1) {
    %tile_0_2 = aie.tile(0, 2)
    %tile_0_3 = aie.tile(0, 3)
    %tile_1_3 = aie.tile(1, 3)
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %shim_noc_tile_2_0 = aie.tile(2, 0)
    aie.flow(%tile_0_2, DMA : 0, %tile_0_3, DMA : 1)
    aie.flow(%shim_noc_tile_0_0, DMA : 0, %tile_0_2, Core : 0)
    aie.packet_flow(1) {
      aie.packet_source<%tile_0_2, Trace : 0>
      aie.packet_dest<%shim_noc_tile_0_0, DMA : 1>
    } {keep_pkt_header = true}
    aie.packet_flow(16) {
      aie.packet_source<%tile_0_3, DMA : 0>
      aie.packet_dest<%tile_0_2, DMA : 1>
      aie.packet_dest<%tile_1_3, DMA : 0>
    } {priority_route = true}
    %switchbox_0_2 = aie.switchbox(%tile_0_2) {
      aie.connect<South : 0, DMA : 0>
      aie.connect<DMA : 1, North : 3>
      %2 = aie.amsel<0> (0)
      %3 = aie.amsel<5> (3)
      %4 = aie.masterset(North : 1, %2, %3)
      %5 = aie.masterset(DMA : 1, %2) {keep_pkt_header = true}
      aie.packet_rules(South : 0) {
        aie.rule(31, 10, %2)
        aie.rule(24, 0, %3)
      }
    }
    %switchbox_0_3 = aie.switchbox(%tile_0_3) {
    }
    %shim_mux_0_0 = aie.shim_mux(%shim_noc_tile_0_0) {
      aie.connect<DMA : 0, North : 3>
      aie.connect<North : 2, DMA : 0>
    }
    %0 = aie.shim_switchbox(2) {
    }
    aie.wire(%tile_0_2 : DMA, %switchbox_0_2 : DMA)
    aie.wire(%shim_mux_0_0 : North, %switchbox_0_2 : South)
    aie.cascade_flow(%tile_0_3, %tile_1_3)
    aie.configure_cascade(%tile_1_3, West, South)
    %core_0_3 = aie.core(%tile_0_3) {
      %2 = aie.get_cascade() : vector<16xi32>
      aie.put_cascade(%2 : vector<16xi32>)
      %c0_i32 = arith.constant 0 : i32
      %3 = aie.get_stream(%c0_i32 : i32) : i128
      %c1_i32 = arith.constant 1 : i32
      %cst = arith.constant 1.000000e+00 : f32
      aie.put_stream(%c1_i32 : i32, %cst : f32)
      aie.debug(%c1_i32 : i32)
      aie.event(1)
      aie.end
    }
    %1 = aie.plio(3)
    %logical_core = aie.logical_tile<CoreTile>(?, ?)
    %logical_core_0 = aie.logical_tile<CoreTile>(1, ?) {allocation_scheme = "bank-aware"}
    %logical_mem = aie.logical_tile<MemTile>(?, 1)
    %logical_shim_noc = aie.logical_tile<ShimNOCTile>(0, ?)
  }
  aie.device(xcvc1902) {
    %shim_pl_tile_0_0 = aie.tile(0, 0)
    %logical_shim_pl = aie.logical_tile<ShimPLTile>(0, 0)
  }
}

