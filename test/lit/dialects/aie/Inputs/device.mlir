module {
  aie.device(npu2) {
    %tile_0_2 = aie.tile(0, 2)
    %mem_tile_0_1 = aie.tile(0, 1) {allocation_scheme = "basic-sequential"}
    %shim_noc_tile_0_0 = aie.tile(0, 0)
    %tile_1_3 = aie.tile(1, 3)
    %uninit_local_buf = aie.buffer(%tile_0_2) {sym_name = "uninit_local_buf"} : memref<4096xui8> 
    %init_local_buf = aie.buffer(%tile_0_2) {sym_name = "init_local_buf"} : memref<4096xui8> = dense<0>
    %buffer_0_1 = aie.buffer(%mem_tile_0_1) {address = 1024 : i32, mem_bank = 1 : i32} : memref<2x2xi32> = dense<[[1, 2], [3, 4]]>
    %ext_buffer_in = aie.external_buffer {sym_name = "ext_buffer_in"} : memref<64xi32>
    %0 = aie.external_buffer : memref<16xi16>
    %lock_0_2 = aie.lock(%tile_0_2)
    %lock_0_2_0 = aie.lock(%tile_0_2, 3) {init = 1 : i32}
    %of_lock = aie.lock(%mem_tile_0_1, 63) {init = 0 : i32, sym_name = "of_lock"}
    %core_0_2 = aie.core(%tile_0_2) {
      aie.end
    }
    %core_1_3 = aie.core(%tile_1_3) {
      aie.end
    } {elf_file = "core_1_3.elf", stack_size = 2048 : i32}
  }
  aie.device(npu1_1col) @second {
    %tile_0_5 = aie.tile(0, 5)
    %core_0_5 = aie.core(%tile_0_5) {
      aie.end
    } {link_with = "kernel.o"}
  }
  aie.device(xcvc1902) {
    %tile_7_1 = aie.tile(7, 1)
    %shim_noc_tile_2_0 = aie.tile(2, 0)
    %shim_pl_tile_0_0 = aie.tile(0, 0)
  }
  aie.device(npu2_4col) {
  }
}

