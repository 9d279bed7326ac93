// aie-canonicalize-device: a module written without aie.device gets one, aie.device(xcvc1902),
// holding everything the module held, in order, so per-device passes can run (here lock ids
// and buffer addresses); a module that has a device is left as it is.
// RUN: iron-opt --split-input-file --aie-canonicalize-device --aie-assign-lock-ids --aie-assign-buffer-addresses %s | filecheck %s

// CHECK-LABEL: module {
// CHECK-NEXT:    aie.device(xcvc1902) {
// CHECK-NEXT:      %[[T:.*]] = aie.tile(1, 3)
// CHECK-NEXT:      %{{.*}} = aie.buffer(%[[T]]) {address = 0 : i32, mem_bank = 0 : i32, sym_name = "a"} : memref<64xi32>
// CHECK-NEXT:      %{{.*}} = aie.lock(%[[T]], 0)
// CHECK-NEXT:      func.func private @f()
// CHECK-NEXT:    }
// CHECK-NEXT:  }
module {
  %t = aie.tile(1, 3)
  %a = aie.buffer(%t) {sym_name = "a"} : memref<64xi32>
  %l = aie.lock(%t)
  func.func private @f()
}

// -----

// CHECK-LABEL: module {
// CHECK-NEXT:    aie.device(npu1_1col) {
// CHECK-NEXT:      %{{.*}} = aie.tile(0, 2)
// CHECK-NEXT:    }
// CHECK-NEXT:    func.func private @g()
// CHECK-NEXT:  }
module {
  aie.device(npu1_1col) {
    %t = aie.tile(0, 2)
  }
  func.func private @g()
}
