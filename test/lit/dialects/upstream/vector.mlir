// vector ops of AIE kernel files, xDSL's and the ones added here, in MLIR's syntax; affine
// maps named #map, #map1, ... at the top of the module as MLIR names them.
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: IRON_ROUNDTRIP --match-full-lines --strict-whitespace

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
func.func @v(%m: memref<64x64xi16>, %i: index, %a: vector<4x8xbf16>, %b: vector<8x4xbf16>, %c: vector<4x4xf32>, %v: vector<32xi16>, %s: i16, %f: vector<16xf32>) {
  %c0_i16 = arith.constant 0 : i16
  %0 = vector.transfer_read %m[%i, %i], %c0_i16 {in_bounds = [true]} : memref<64x64xi16>, vector<32xi16>
  vector.transfer_write %0, %m[%i, %i] {in_bounds = [true]} : vector<32xi16>, memref<64x64xi16>
  %1 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %a, %b, %c : vector<4x8xbf16>, vector<8x4xbf16> into vector<4x4xf32>
  %2 = vector.extract_strided_slice %v {offsets = [0], sizes = [16], strides = [1]} : vector<32xi16> to vector<16xi16>
  %3 = vector.broadcast %s : i16 to vector<32xi16>
  %4 = vector.shape_cast %a : vector<4x8xbf16> to vector<32xbf16>
  %5 = vector.reduction <add>, %f : vector<16xf32> into f32
  %6 = vector.fma %f, %f, %f : vector<16xf32>
  %7 = vector.extract %v[3] : i16 from vector<32xi16>
  %8 = vector.insert %s, %v [2] : i16 into vector<32xi16>
  %9 = vector.shuffle %v, %v [0, 32, 1, 33] : vector<32xi16>, vector<32xi16>
  %10 = vector.bitcast %v : vector<32xi16> to vector<16xi32>
  %11 = vector.transpose %a, [1, 0] : vector<4x8xbf16> to vector<8x4xbf16>
  %12 = vector.insert_strided_slice %2, %v {offsets = [16], strides = [1]} : vector<16xi16> into vector<32xi16>
  %13 = vector.splat %s : vector<32xi16>
  return
}
func.func @more(%v: vector<4x8xf32>, %acc: vector<4xf32>, %w: vector<16xf32>, %i: index, %x: f32) {
  %0 = vector.multi_reduction <add>, %v, %acc [1] : vector<4x8xf32> to vector<4xf32>
  %1 = vector.extractelement %w[%i : index] : vector<16xf32>
  %2 = vector.insertelement %x, %w[%i : index] : vector<16xf32>
  %3 = vector.from_elements %x, %x : vector<2xf32>
  %4 = vector.step : vector<16xindex>
  return
}

// CHECK:#map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT:#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT:#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @v(%arg0: memref<64x64xi16>, %arg1: index, %arg2: vector<4x8xbf16>, %arg3: vector<8x4xbf16>, %arg4: vector<4x4xf32>, %arg5: vector<32xi16>, %arg6: i16, %arg7: vector<16xf32>) {
// CHECK-NEXT:    %c0_i16 = arith.constant 0 : i16
// CHECK-NEXT:    %0 = vector.transfer_read %arg0[%arg1, %arg1], %c0_i16 {in_bounds = [true]} : memref<64x64xi16>, vector<32xi16>
// CHECK-NEXT:    vector.transfer_write %0, %arg0[%arg1, %arg1] {in_bounds = [true]} : vector<32xi16>, memref<64x64xi16>
// CHECK-NEXT:    %1 = vector.contract {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "reduction"], kind = #vector.kind<add>} %arg2, %arg3, %arg4 : vector<4x8xbf16>, vector<8x4xbf16> into vector<4x4xf32>
// CHECK-NEXT:    %2 = vector.extract_strided_slice %arg5 {offsets = [0], sizes = [16], strides = [1]} : vector<32xi16> to vector<16xi16>
// CHECK-NEXT:    %3 = vector.broadcast %arg6 : i16 to vector<32xi16>
// CHECK-NEXT:    %4 = vector.shape_cast %arg2 : vector<4x8xbf16> to vector<32xbf16>
// CHECK-NEXT:    %5 = vector.reduction <add>, %arg7 : vector<16xf32> into f32
// CHECK-NEXT:    %6 = vector.fma %arg7, %arg7, %arg7 : vector<16xf32>
// CHECK-NEXT:    %7 = vector.extract %arg5[3] : i16 from vector<32xi16>
// CHECK-NEXT:    %8 = vector.insert %arg6, %arg5 [2] : i16 into vector<32xi16>
// CHECK-NEXT:    %9 = vector.shuffle %arg5, %arg5 [0, 32, 1, 33] : vector<32xi16>, vector<32xi16>
// CHECK-NEXT:    %10 = vector.bitcast %arg5 : vector<32xi16> to vector<16xi32>
// CHECK-NEXT:    %11 = vector.transpose %arg2, [1, 0] : vector<4x8xbf16> to vector<8x4xbf16>
// CHECK-NEXT:    %12 = vector.insert_strided_slice %2, %arg5 {offsets = [16], strides = [1]} : vector<16xi16> into vector<32xi16>
// CHECK-NEXT:    %13 = vector.splat %arg6 : vector<32xi16>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @more(%arg0: vector<4x8xf32>, %arg1: vector<4xf32>, %arg2: vector<16xf32>, %arg3: index, %arg4: f32) {
// CHECK-NEXT:    %0 = vector.multi_reduction <add>, %arg0, %arg1 [1] : vector<4x8xf32> to vector<4xf32>
// CHECK-NEXT:    %1 = vector.extractelement %arg2[%arg3 : index] : vector<16xf32>
// CHECK-NEXT:    %2 = vector.insertelement %arg4, %arg2[%arg3 : index] : vector<16xf32>
// CHECK-NEXT:    %3 = vector.from_elements %arg4, %arg4 : vector<2xf32>
// CHECK-NEXT:    %4 = vector.step : vector<16xindex>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}
