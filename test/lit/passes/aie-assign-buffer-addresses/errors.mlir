// What each scheme refuses, and the default scheme's fallback, with mlir-aie's messages.
// RUN: not iron-opt --split-input-file --aie-assign-buffer-addresses="alloc-scheme=basic-sequential" %s 2>&1 | filecheck %s --check-prefix=BASIC
// RUN: not iron-opt --split-input-file --aie-assign-buffer-addresses="alloc-scheme=bank-aware" %s 2>&1 | filecheck %s --check-prefix=BANK
// RUN: not iron-opt --split-input-file --aie-assign-buffer-addresses %s 2>&1 | filecheck %s --check-prefix=DEFAULT

// Too much for the tile once aligned (c starts at 0x10000): both schemes fail, the default after
// trying both. Bank-aware cannot fit a 32 KiB buffer in a 16 KiB bank at all.
// BASIC: error: 'aie.tile' op allocated buffers exceeded available memory
// BASIC-NEXT: MemoryMap:
// BASIC-NEXT: (stack) : 0x0-0x3FF (1024 bytes)
// BASIC-NEXT: a : 0x400-0x83FF (32768 bytes)
// BASIC-NEXT: b : 0x8400-0xFFE3 (31716 bytes)
// BASIC-NEXT: c : 0x10000-0x10003 (4 bytes)
// BASIC: error: 'aie.tile' op Basic sequential allocation failed.
// The buffer's and the tile's warnings carry no op prefix (mlir-aie's op->emitWarning); the
// memory map is a note at the tile.
// BANK: warning: Failed to allocate buffer: "a" with size: 32768 bytes.
// BANK-NEXT: %a = aie.buffer
// BANK: warning: Not all requested buffers fit in the available memory.
// BANK-NEXT: %t = aie.tile(0, 2)
// BANK: note: Current configuration of buffers in bank(s) : MemoryMap:
// BANK-NEXT: (stack) : 0x0-0x3FF (1024 bytes)
// BANK-NEXT: bank : 0 0x0-0x3FFF
// BANK: error: 'aie.tile' op Bank-aware allocation failed.
// DEFAULT: warning: Bank-aware allocation failed, trying basic sequential allocation.
// DEFAULT: error: 'aie.tile' op allocated buffers exceeded available memory
// DEFAULT: error: 'aie.tile' op Basic sequential allocation also failed.
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %a = aie.buffer(%t) {sym_name = "a"} : memref<8192xi32>
  %b = aie.buffer(%t) {sym_name = "b"} : memref<7929xi32>
  %c = aie.buffer(%t) {sym_name = "c"} : memref<4xi8>
  aie.core(%t) {
    aie.end
  }
}

// -----

// Pinned buffers that overlap.
// BASIC: error: 'aie.buffer' op buffer 'q' at address 0x410 overlaps with 'p' at address 0x400 (size: 64 bytes)
// BANK: error: 'aie.buffer' op would override allocated address
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %p = aie.buffer(%t) {address = 1024 : i32, sym_name = "p"} : memref<16xi32>
  %q = aie.buffer(%t) {address = 1040 : i32, aligned = false, sym_name = "q"} : memref<16xi32>
  aie.core(%t) {
    aie.end
  }
}

// -----

// A pin inside the stack.
// BASIC: error: 'aie.buffer' op buffer 's' at address 0x200 overlaps with stack (size: 1024 bytes)
// BANK: error: 'aie.buffer' op would override allocated address
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %s = aie.buffer(%t) {address = 512 : i32, sym_name = "s"} : memref<16xi32>
  aie.core(%t) {
    aie.end
  }
}

// -----

// A pin that breaks the alignment it asks for.
// BASIC: error: 'aie.buffer' op pre-allocated address must be aligned to tile load/store bus width when aligned attribute is set
// BANK: error: 'aie.buffer' op address attribute value must be aligned to tile load/store bus width when aligned attribute is set
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  %u = aie.buffer(%t) {address = 1028 : i32, sym_name = "u"} : memref<16xi32>
}

// -----

// A buffer declared inside a core.
// BASIC: error: 'aie.tile' op Buffer 'inner' must be defined directly under the device scope. Currently it is nested inside a core tile.
// BANK: error: 'aie.tile' op Buffer 'inner' must be defined directly under the device scope.
aie.device(npu1_1col) {
  %t = aie.tile(0, 2)
  aie.core(%t) {
    %inner = aie.buffer(%t) {sym_name = "inner"} : memref<16xi32>
    aie.end
  }
}
