// iron-lint{werror=true}: every finding is an error and the pass fails.
// RUN: not iron-opt %s -p 'iron-lint{werror=true}' -o /dev/null 2>&1 | filecheck %s
// RUN: iron-opt %s -p iron-lint -o /dev/null 2>&1 | filecheck %s --check-prefix=WARN

aie.device(npu1) {
  %t02 = aie.tile(0, 2)
  %t03 = aie.tile(0, 3)
  aie.objectfifo @of(%t02, {%t03}, 2 : i32) : !aie.objectfifo<memref<16xi32>>
  %c = aie.core(%t03) {
    %s = aie.objectfifo.acquire @of(Consume, 3) : !aie.objectfifosubview<memref<16xi32>>
    aie.end
  }
  %l = aie.lock(%t02) {init = 99 : i32}
}
// CHECK: werror.mlir:10:5: error: 'aie.objectfifo.acquire' op acquires 3 objects from an objectFifo that holds 2 (@of)
// CHECK-NEXT: %s = aie.objectfifo.acquire
// CHECK-NEXT: ^
// CHECK: werror.mlir:13:3: error: 'aie.lock' op lock init value 99 is out of range
// WARN: werror.mlir:10:5: warning: 'aie.objectfifo.acquire' op acquires 3 objects
// WARN: werror.mlir:13:3: warning: 'aie.lock' op lock init value 99 is out of range
