// An AIE1 (xcvc1902) design without a runtime sequence: two cores hand a buffer back and forth
// under a binary lock (acquire by value, release sets the value); the run ends when both
// cores have finished, and the result stays in the consumer's buffer.
module {
  aie.device(xcvc1902) {
    %tile_2_3 = aie.tile(2, 3)
    %tile_2_4 = aie.tile(2, 4)
    %buf = aie.buffer(%tile_2_3) {sym_name = "buf"} : memref<4xi32>
    %sum = aie.buffer(%tile_2_3) {sym_name = "sum"} : memref<4xi32>
    %lock = aie.lock(%tile_2_3, 0) {init = 0 : i32, sym_name = "lock"}
    %core_2_3 = aie.core(%tile_2_3) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      scf.for %i = %c0 to %c3 step %c1 {
        aie.use_lock(%lock, Acquire, 0)
        %v = arith.index_cast %i : index to i32
        scf.for %j = %c0 to %c4 step %c1 {
          memref.store %v, %buf[%j] : memref<4xi32>
        }
        aie.use_lock(%lock, Release, 1)
      }
      aie.end
    }
    %core_2_4 = aie.core(%tile_2_4) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %ten = arith.constant 10 : i32
      scf.for %i = %c0 to %c3 step %c1 {
        aie.use_lock(%lock, Acquire, 1)
        scf.for %j = %c0 to %c4 step %c1 {
          %v = memref.load %buf[%j] : memref<4xi32>
          %s = memref.load %sum[%j] : memref<4xi32>
          %w = arith.muli %s, %ten : i32
          %t = arith.addi %w, %v : i32
          memref.store %t, %sum[%j] : memref<4xi32>
        }
        aie.use_lock(%lock, Release, 0)
      }
      aie.end
    }
  }
}
