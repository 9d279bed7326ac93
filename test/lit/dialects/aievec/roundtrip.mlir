// Every aievec op in mlir-aie's syntax: parsed, verified and printed back as aie-opt prints it
// (the inherent attributes in the attribute dictionary, `fmsub` only when true, lane-selection
// strings of aievec_aie1 only when not empty), and the same through the generic form.
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: IRON_ROUNDTRIP --match-full-lines --strict-whitespace
// RUN: iron-opt %s --print-op-generic | filecheck %s --check-prefix=GENERIC

func.func @ops(%a: vector<16xi32>, %b: vector<32xi16>, %m: memref<256xi16>, %i: index, %s: i32, %f: vector<16xbf16>, %acc: vector<16xf32>, %x: vector<64xi8>) -> vector<16xi32> {
  %0 = aievec.add_elem %a, %a : vector<16xi32>
  %1 = aievec.sub_elem %0, %a : vector<16xi32>
  %2 = aievec.ups %b {shift = 0 : i8} : vector<32xi16>, vector<32xi32>
  %3 = aievec.srs %2, %s : vector<32xi32>, i32, vector<32xi16>
  %4 = aievec.upd %m[%i] {index = 0 : i8, offset = 0 : i32} : memref<256xi16>, vector<32xi16>
  %5 = aievec.upd %m[%i], %4 {index = 1 : i8, offset = 256 : i32} : memref<256xi16>, vector<32xi16>
  %6 = aievec.shift %a, %a, %s {isAcc = false} : vector<16xi32>, vector<16xi32>, i32, vector<16xi32>
  %7 = aievec.ext_elem %6, %s : vector<16xi32>, i32, i32
  %8 = aievec.mac_elem %f, %f, %acc : vector<16xbf16>, vector<16xbf16>, vector<16xf32>
  %9 = aievec.mac_elem %f, %f, %8 {fmsub = true} : vector<16xbf16>, vector<16xbf16>, vector<16xf32>
  %10 = aievec.mul_elem %b, %b : vector<32xi16>, vector<32xi16>, vector<32xi32>
  %11 = aievec.broadcast %a {idx = 3 : i8} : vector<16xi32>, vector<16xi32>
  %12 = aievec.broadcast_scalar %s : i32, vector<16xi32>
  %13 = aievec.cast %10 {isResAcc = false} : vector<32xi32>, vector<32xi32>
  %14 = aievec.ext %x {index = 1 : i8} : vector<64xi8>, vector<32xi8>
  %15 = aievec.concat %14, %14 : vector<32xi8>, vector<64xi8>
  %16 = aievec.pack %b : vector<32xi16>, vector<32xi8>
  %17 = aievec.unpack %16 : vector<32xi8>, vector<32xi16>
  %18 = aievec.legacyshuffle %a {mode = 0 : i32} : vector<16xi32>, vector<16xi32>
  %19 = aievec.shuffle %a, %a [t32_4x8_lo] : vector<16xi32>
  %20 = aievec.shuffle %x [t8_8x8] : vector<64xi8>
  %21 = aievec.min %a, %0 : vector<16xi32>
  %22 = aievec.max %a, %0 : vector<16xi32>
  %23 = aievec.cmp %a, %0 {pred = "slt"} : vector<16xi32>, vector<16xi32>, ui32
  %24 = aievec.sel %a, %0, %23 : vector<16xi32>, vector<16xi32>, ui32, vector<16xi32>
  %25 = aievec.neg %a : vector<16xi32>
  %26 = aievec.exp %acc : vector<16xf32>
  %27 = aievec.tanh %acc : vector<16xf32>
  %28 = aievec.inv %acc : vector<16xf32>
  %29 = aievec.bxor %a, %a : vector<16xi32>, vector<16xi32>, vector<16xi32>
  %30 = aievec.bneg %a : vector<16xi32>
  %31 = aievec.bor %a, %a : vector<16xi32>, vector<16xi32>, vector<16xi32>
  %32 = aievec.band %a, %a : vector<16xi32>, vector<16xi32>, vector<16xi32>
  return %32 : vector<16xi32>
}
func.func @mm(%A: vector<4x8xbf16>, %B: vector<8x4xbf16>, %C: vector<4x4xf32>, %P: vector<8x8xbf16>, %Q: vector<8x8xf32>, %l: vector<64xi8>, %r: vector<64xi8>, %c: vector<32xi32>) {
  %0 = aievec.matmul %A, %B, %C : vector<4x8xbf16>, vector<8x4xbf16> into vector<4x4xf32>
  %1 = aievec.matmul_aie2p %P, %P, %Q : vector<8x8xbf16>, vector<8x8xbf16> into vector<8x8xf32>
  %2 = aievec.mul_conv %l, %r {M = 32 : i32, N = 8 : i32} : vector<64xi8>, vector<64xi8>, vector<32xi32>
  %3 = aievec.fma_conv %l, %r, %c {M = 32 : i32, N = 8 : i32} : vector<64xi8>, vector<64xi8>, vector<32xi32>
  return
}
func.func @aie1(%A : vector<8xi32>, %B : vector<8xi32>, %F: vector<16xf32>, %G: vector<8xf32>, %S: vector<32xi16>, %H: vector<16xi16>) {
  %0 = aievec_aie1.add %A, %B : vector<8xi32>, vector<8xi32>, vector<8xi32>
  %1 = aievec_aie1.sub %A, %B {xstart = "0"} : vector<8xi32>, vector<8xi32>, vector<8xi32>
  %2 = aievec_aie1.mac %F, %G, %G {xoffsets = "0x76543210", xstart = "0", zoffsets = "0x00000000", zstart = "0"} : vector<16xf32>, vector<8xf32>, vector<8xf32>
  %3 = aievec_aie1.mul %S, %H {xoffsets = "0x03020100", xstart = "0", xstep = "4", xsquare = "0x2110", zoffsets = "0", zstart = "0"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
  %4 = aievec_aie1.select %S {select = "0xcccccccc", xoffsets = "0x0c080400", xstart = "0", yoffsets = "0x0c080400", ystart = "4"} : vector<32xi16>, vector<32xi16>
  %5 = aievec_aie1.select %S, %S {select = "0xcccccccc"} : vector<32xi16>, vector<32xi16>, vector<32xi16>
  %6 = aievec_aie1.ext %S {index = 1 : i8} : vector<32xi16>, vector<16xi16>
  return
}
// The accumulator type of older aievec files.
func.func private @legacy_acc(!aievec.acc<8xi80>, !aievec.acc<16xf32>) -> !aievec.acc<8xi80>

// CHECK:module {
// CHECK-NEXT:  func.func @ops(%arg0: vector<16xi32>, %arg1: vector<32xi16>, %arg2: memref<256xi16>, %arg3: index, %arg4: i32, %arg5: vector<16xbf16>, %arg6: vector<16xf32>, %arg7: vector<64xi8>) -> vector<16xi32> {
// CHECK-NEXT:    %0 = aievec.add_elem %arg0, %arg0 : vector<16xi32>
// CHECK-NEXT:    %1 = aievec.sub_elem %0, %arg0 : vector<16xi32>
// CHECK-NEXT:    %2 = aievec.ups %arg1 {shift = 0 : i8} : vector<32xi16>, vector<32xi32>
// CHECK-NEXT:    %3 = aievec.srs %2, %arg4 : vector<32xi32>, i32, vector<32xi16>
// CHECK-NEXT:    %4 = aievec.upd %arg2[%arg3] {index = 0 : i8, offset = 0 : i32} : memref<256xi16>, vector<32xi16>
// CHECK-NEXT:    %5 = aievec.upd %arg2[%arg3], %4 {index = 1 : i8, offset = 256 : i32} : memref<256xi16>, vector<32xi16>
// CHECK-NEXT:    %6 = aievec.shift %arg0, %arg0, %arg4 {isAcc = false} : vector<16xi32>, vector<16xi32>, i32, vector<16xi32>
// CHECK-NEXT:    %7 = aievec.ext_elem %6, %arg4 : vector<16xi32>, i32, i32
// CHECK-NEXT:    %8 = aievec.mac_elem %arg5, %arg5, %arg6 : vector<16xbf16>, vector<16xbf16>, vector<16xf32>
// CHECK-NEXT:    %9 = aievec.mac_elem %arg5, %arg5, %8 {fmsub = true} : vector<16xbf16>, vector<16xbf16>, vector<16xf32>
// CHECK-NEXT:    %10 = aievec.mul_elem %arg1, %arg1 : vector<32xi16>, vector<32xi16>, vector<32xi32>
// CHECK-NEXT:    %11 = aievec.broadcast %arg0 {idx = 3 : i8} : vector<16xi32>, vector<16xi32>
// CHECK-NEXT:    %12 = aievec.broadcast_scalar %arg4 : i32, vector<16xi32>
// CHECK-NEXT:    %13 = aievec.cast %10 {isResAcc = false} : vector<32xi32>, vector<32xi32>
// CHECK-NEXT:    %14 = aievec.ext %arg7 {index = 1 : i8} : vector<64xi8>, vector<32xi8>
// CHECK-NEXT:    %15 = aievec.concat %14, %14 : vector<32xi8>, vector<64xi8>
// CHECK-NEXT:    %16 = aievec.pack %arg1 : vector<32xi16>, vector<32xi8>
// CHECK-NEXT:    %17 = aievec.unpack %16 : vector<32xi8>, vector<32xi16>
// CHECK-NEXT:    %18 = aievec.legacyshuffle %arg0 {mode = 0 : i32} : vector<16xi32>, vector<16xi32>
// CHECK-NEXT:    %19 = aievec.shuffle %arg0, %arg0 [t32_4x8_lo] : vector<16xi32>
// CHECK-NEXT:    %20 = aievec.shuffle %arg7 [t8_8x8] : vector<64xi8>
// CHECK-NEXT:    %21 = aievec.min %arg0, %0 : vector<16xi32>
// CHECK-NEXT:    %22 = aievec.max %arg0, %0 : vector<16xi32>
// CHECK-NEXT:    %23 = aievec.cmp %arg0, %0 {pred = "slt"} : vector<16xi32>, vector<16xi32>, ui32
// CHECK-NEXT:    %24 = aievec.sel %arg0, %0, %23 : vector<16xi32>, vector<16xi32>, ui32, vector<16xi32>
// CHECK-NEXT:    %25 = aievec.neg %arg0 : vector<16xi32>
// CHECK-NEXT:    %26 = aievec.exp %arg6 : vector<16xf32>
// CHECK-NEXT:    %27 = aievec.tanh %arg6 : vector<16xf32>
// CHECK-NEXT:    %28 = aievec.inv %arg6 : vector<16xf32>
// CHECK-NEXT:    %29 = aievec.bxor %arg0, %arg0 : vector<16xi32>, vector<16xi32>, vector<16xi32>
// CHECK-NEXT:    %30 = aievec.bneg %arg0 : vector<16xi32>
// CHECK-NEXT:    %31 = aievec.bor %arg0, %arg0 : vector<16xi32>, vector<16xi32>, vector<16xi32>
// CHECK-NEXT:    %32 = aievec.band %arg0, %arg0 : vector<16xi32>, vector<16xi32>, vector<16xi32>
// CHECK-NEXT:    return %32 : vector<16xi32>
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @mm(%arg0: vector<4x8xbf16>, %arg1: vector<8x4xbf16>, %arg2: vector<4x4xf32>, %arg3: vector<8x8xbf16>, %arg4: vector<8x8xf32>, %arg5: vector<64xi8>, %arg6: vector<64xi8>, %arg7: vector<32xi32>) {
// CHECK-NEXT:    %0 = aievec.matmul %arg0, %arg1, %arg2 : vector<4x8xbf16>, vector<8x4xbf16> into vector<4x4xf32>
// CHECK-NEXT:    %1 = aievec.matmul_aie2p %arg3, %arg3, %arg4 : vector<8x8xbf16>, vector<8x8xbf16> into vector<8x8xf32>
// CHECK-NEXT:    %2 = aievec.mul_conv %arg5, %arg6 {M = 32 : i32, N = 8 : i32} : vector<64xi8>, vector<64xi8>, vector<32xi32>
// CHECK-NEXT:    %3 = aievec.fma_conv %arg5, %arg6, %arg7 {M = 32 : i32, N = 8 : i32} : vector<64xi8>, vector<64xi8>, vector<32xi32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @aie1(%arg0: vector<8xi32>, %arg1: vector<8xi32>, %arg2: vector<16xf32>, %arg3: vector<8xf32>, %arg4: vector<32xi16>, %arg5: vector<16xi16>) {
// CHECK-NEXT:    %0 = aievec_aie1.add %arg0, %arg1 : vector<8xi32>, vector<8xi32>, vector<8xi32>
// CHECK-NEXT:    %1 = aievec_aie1.sub %arg0, %arg1 {xstart = "0"} : vector<8xi32>, vector<8xi32>, vector<8xi32>
// CHECK-NEXT:    %2 = aievec_aie1.mac %arg2, %arg3, %arg3 {xoffsets = "0x76543210", xstart = "0", zoffsets = "0x00000000", zstart = "0"} : vector<16xf32>, vector<8xf32>, vector<8xf32>
// CHECK-NEXT:    %3 = aievec_aie1.mul %arg4, %arg5 {xoffsets = "0x03020100", xsquare = "0x2110", xstart = "0", xstep = "4", zoffsets = "0", zstart = "0"} : vector<32xi16>, vector<16xi16>, vector<16xi48>
// CHECK-NEXT:    %4 = aievec_aie1.select %arg4 {select = "0xcccccccc", xoffsets = "0x0c080400", xstart = "0", yoffsets = "0x0c080400", ystart = "4"} : vector<32xi16>, vector<32xi16>
// CHECK-NEXT:    %5 = aievec_aie1.select %arg4, %arg4 {select = "0xcccccccc"} : vector<32xi16>, vector<32xi16>, vector<32xi16>
// CHECK-NEXT:    %6 = aievec_aie1.ext %arg4 {index = 1 : i8} : vector<32xi16>, vector<16xi16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @legacy_acc(!aievec.acc<8xi80>, !aievec.acc<16xf32>) -> !aievec.acc<8xi80>
// CHECK-NEXT:}

// The generic form keeps the inherent attributes as properties (absent when not written, as in
// MLIR), upd's operand segments too.
// GENERIC: "aievec.upd"(%arg2, %arg3) <{index = 0 : i8, offset = 0 : i32, operandSegmentSizes = array<i32: 1, 1, 0>}> : (memref<256xi16>, index) -> vector<32xi16>
// GENERIC: "aievec.upd"(%arg2, %arg3, %4) <{index = 1 : i8, offset = 256 : i32, operandSegmentSizes = array<i32: 1, 1, 1>}> : (memref<256xi16>, index, vector<32xi16>) -> vector<32xi16>
// GENERIC: "aievec.mac_elem"(%arg5, %arg5, %arg6) : (vector<16xbf16>, vector<16xbf16>, vector<16xf32>) -> vector<16xf32>
// GENERIC: "aievec.mac_elem"(%arg5, %arg5, %8) <{fmsub = true}> : (vector<16xbf16>, vector<16xbf16>, vector<16xf32>) -> vector<16xf32>
// GENERIC: "aievec_aie1.add"(%arg0, %arg1) : (vector<8xi32>, vector<8xi32>) -> vector<8xi32>
