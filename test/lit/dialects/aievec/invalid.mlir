// The verifier rules of mlir-aie's aievec ops, with its wording, at the op.
// RUN: iron-opt %s --split-input-file --verify-diagnostics

func.func @matmul_element(%a: vector<4x8xf16>, %b: vector<8x4xf16>, %c: vector<4x4xf32>) {
  // expected-error @+1 {{op operand #0 must be a vector compatible with a lhs operand of matrix-multiply and accumulate, but got 'vector<4x8xf16>'}}
  %0 = aievec.matmul %a, %b, %c : vector<4x8xf16>, vector<8x4xf16>
                                  into vector<4x4xf32>
  return
}

// -----

func.func @matmul_contraction(%a: vector<2x4xi16>, %b: vector<2x8xi16>, %c: vector<4x8xi32>) {
  // expected-error @+1 {{op failed to verify that [lhs x rhs = acc] is a valid contraction}}
  %0 = aievec.matmul %a, %b, %c : vector<2x4xi16>, vector<2x8xi16> into vector<4x8xi32>
  return
}

// -----

func.func @matmul_accumulator(%a: vector<2x4xi16>, %b: vector<4x8xi16>, %c: vector<2x8xi32>) {
  // expected-error @+1 {{op operand #2 must be a vector compatible with an accumulator of matrix-multiply and accumulate, but got 'vector<2x8xi32>'}}
  %0 = aievec.matmul %a, %b, %c : vector<2x4xi16>, vector<4x8xi16> into vector<2x8xi32>
  return
}

// -----

func.func @matmul_combination(%a: vector<4x8xbf16>, %b: vector<8x8xbf16>, %c: vector<4x8xf32>) {
  // An AIE2P combination is not one of AIE2's.
  // expected-error @+1 {{operand #1 must be a vector compatible with a rhs operand}}
  %0 = aievec.matmul %a, %b, %c : vector<4x8xbf16>, vector<8x8xbf16> into vector<4x8xf32>
  %1 = aievec.matmul_aie2p %a, %b, %c : vector<4x8xbf16>, vector<8x8xbf16> into vector<4x8xf32>
  return
}

// -----

func.func @srs_lanes(%a: vector<16xi64>, %s: i32) {
  // expected-error @+1 {{The number of lanes in result vector and source accumulator must match}}
  %0 = aievec.srs %a, %s : vector<16xi64>, i32, vector<32xi16>
  return
}

// -----

func.func @srs_width(%a: vector<16xi32>, %s: i32) {
  // expected-error @+1 {{the element type of source accumulator must be wider than that of the result vector}}
  %0 = aievec.srs %a, %s : vector<16xi32>, i32, vector<16xi32>
  return
}

// -----

func.func @ups_width(%a: vector<16xi32>) {
  // expected-error @+1 {{the element type of result accumulator must be wider than that of the source vector}}
  %0 = aievec.ups %a {shift = 0 : i8} : vector<16xi32>, vector<16xi32>
  return
}

// -----

func.func @concat_one(%a: vector<16xi32>) {
  // expected-error @+1 {{Must concatenate at least two vectors}}
  %0 = aievec.concat %a : vector<16xi32>, vector<16xi32>
  return
}

// -----

func.func @concat_lanes(%a: vector<16xi32>) {
  // expected-error @+1 {{mismatch between vector lanes and sum of source lanes}}
  %0 = aievec.concat %a, %a : vector<16xi32>, vector<64xi32>
  return
}

// -----

func.func @ext_index(%a: vector<64xi8>) {
  // expected-error @+1 {{index out of bounds}}
  %0 = aievec.ext %a {index = 2 : i8} : vector<64xi8>, vector<32xi8>
  return
}

// -----

func.func @ext_index_range(%a: vector<64xi8>) {
  // expected-error @+1 {{attribute 'index' failed to satisfy constraint: 8-bit signless integer attribute whose minimum value is 0 whose maximum value is 8}}
  %0 = aievec.ext %a {index = 9 : i8} : vector<64xi8>, vector<32xi8>
  return
}

// -----

func.func @pack_width(%a: vector<32xi32>) {
  // expected-error @+1 {{input must be an int16 vector}}
  %0 = aievec.pack %a : vector<32xi32>, vector<32xi8>
  return
}

// -----

func.func @shift_types(%a: vector<16xi32>, %b: vector<32xi16>, %s: i32) {
  // expected-error @+1 {{All vectors must have same type}}
  %0 = aievec.shift %a, %b, %s {isAcc = false} : vector<16xi32>, vector<32xi16>, i32, vector<16xi32>
  return
}

// -----

func.func @broadcast_types(%a: vector<16xi32>) {
  // expected-error @+1 {{The vector type of source vector and result vector must match}}
  %0 = aievec.broadcast %a {idx = 0 : i8} : vector<16xi32>, vector<32xi16>
  return
}

// -----

func.func @broadcast_scalar_element(%s: i16) {
  // expected-error @+1 {{the element type of result vector must be the same as the source type}}
  %0 = aievec.broadcast_scalar %s : i16, vector<16xi32>
  return
}

// -----

func.func @cast_width(%a: vector<32xi16>) {
  // expected-error @+1 {{the bitwidth of resource and result should be equal}}
  %0 = aievec.cast %a {isResAcc = true} : vector<32xi16>, vector<32xi32>
  return
}

// -----

func.func @upd_scalar(%m: memref<i16>) {
  // expected-error @+1 {{upd source cannot come from scalar value}}
  %0 = aievec.upd %m[] {index = 0 : i8, offset = 0 : i32} : memref<i16>, vector<32xi16>
  return
}

// -----

func.func @shuffle_width(%a: vector<32xi16>) {
  // expected-error @+1 {{shuffle mode 't32_4x4' requires vectors of 32-bit elements, but got 'vector<32xi16>'}}
  %0 = aievec.shuffle %a [t32_4x4] : vector<32xi16>
  return
}

// -----

func.func @shuffle_needs_rhs(%a: vector<16xi32>) {
  // expected-error @+1 {{shuffle mode 't32_4x8_hi' requires a rhs operand}}
  %0 = aievec.shuffle %a [t32_4x8_hi] : vector<16xi32>
  return
}

// -----

func.func @bxor_width(%a: vector<8xi32>) {
  // expected-error-re @+1 {{operand #0 must be vector of {{.*}} values of 512-bit width, but got 'vector<8xi32>'}}
  %0 = aievec.bxor %a, %a : vector<8xi32>, vector<8xi32>, vector<8xi32>
  return
}

// -----

func.func @cmp_result(%a: vector<16xi32>) {
  // expected-error @+1 {{result #0 must be unsigned integer, but got 'i32'}}
  %0 = aievec.cmp %a, %a {pred = "eq"} : vector<16xi32>, vector<16xi32>, i32
  return
}

// -----

func.func @mul_elem_elements(%a: vector<16xi32>, %f: vector<16xf32>) {
  // expected-error @+1 {{Integer result must have integer operands}}
  %0 = aievec.mul_elem %f, %f : vector<16xf32>, vector<16xf32>, vector<16xi64>
  return
}

// -----

func.func @mac_elem_width(%a: vector<32xi16>, %c: vector<32xi16>) {
  // expected-error @+1 {{the element type of accumulator must have wider width than that of the operand vectors}}
  %0 = aievec.mac_elem %a, %a, %c : vector<32xi16>, vector<32xi16>, vector<32xi16>
  return
}

// -----

func.func @mul_conv_sizes(%a: vector<64xi8>) {
  // expected-error @+1 {{M and N should be larger than 0 and 2*M should be no less than M+N-1}}
  %0 = aievec.mul_conv %a, %a {M = 4 : i32, N = 8 : i32} : vector<64xi8>, vector<64xi8>, vector<32xi32>
  return
}

// -----

func.func @fma_conv_lanes(%a: vector<64xi8>, %c: vector<16xi32>) {
  // expected-error @+1 {{The number of lanes in accumulator must be the same as M and the half as lhs and rhs operand}}
  %0 = aievec.fma_conv %a, %a, %c {M = 32 : i32, N = 8 : i32} : vector<64xi8>, vector<64xi8>, vector<16xi32>
  return
}

// -----

func.func @inv_type(%a: vector<8xf32>) {
  // expected-error @+1 {{operand #0 must be 32-bit float or vector of 32-bit float values of length 16/32, but got 'vector<8xf32>'}}
  %0 = aievec.inv %a : vector<8xf32>
  return
}

// -----

func.func @aie1_add(%a: vector<8xi32>, %b: vector<16xi16>) {
  // expected-error @+1 {{all vectors must be of same type}}
  %0 = aievec_aie1.add %a, %b : vector<8xi32>, vector<16xi16>, vector<8xi32>
  return
}

// -----

func.func @aie1_mul_lanes(%a: vector<16xi16>, %b: vector<8xi16>) {
  // expected-error @+1 {{incorrect rhs operand vector lanes}}
  %0 = aievec_aie1.mul %a, %b : vector<16xi16>, vector<8xi16>, vector<8xi48>
  return
}

// -----

func.func @aie1_select(%a: vector<32xi16>, %b: vector<16xi16>) {
  // expected-error @+1 {{types of xbuff and ybuff must match}}
  %0 = aievec_aie1.select %a, %b {select = "0x0"} : vector<32xi16>, vector<16xi16>, vector<32xi16>
  return
}

// -----

func.func @aie1_ext(%a: vector<32xi16>) {
  // expected-error @+1 {{lanes in source vector must be at least twice that of result vector}}
  %0 = aievec_aie1.ext %a {index = 0 : i8} : vector<32xi16>, vector<32xi16>
  return
}
