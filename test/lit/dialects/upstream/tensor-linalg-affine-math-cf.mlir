// xDSL's tensor, linalg, affine, math and cf ops as MLIR prints them (affine expressions with
// MLIR's parentheses, affine.apply with its map alias).
// RUN: iron-opt %s | filecheck %s --match-full-lines --strict-whitespace
// RUN: IRON_ROUNDTRIP --match-full-lines --strict-whitespace

#map = affine_map<(d0) -> (d0 * 4)>
func.func @t(%a: tensor<16x16xf32>, %m: memref<16x16xi32>, %n: memref<16xi32>, %i: index, %x: f32, %b: i1) -> f32 {
  %e = tensor.empty() : tensor<16x16xf32>
  %s = tensor.extract_slice %a[0, 0] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
  %c = tensor.extract %a[%i, %i] : tensor<16x16xf32>
  %f = linalg.fill ins(%x : f32) outs(%e : tensor<16x16xf32>) -> tensor<16x16xf32>
  %mm = linalg.matmul ins(%a, %a : tensor<16x16xf32>, tensor<16x16xf32>) outs(%f : tensor<16x16xf32>) -> tensor<16x16xf32>
  affine.for %k = 0 to 16 step 4 {
    %v = affine.load %m[%k, %k + 1] : memref<16x16xi32>
    affine.store %v, %n[%k] : memref<16xi32>
  }
  %j = affine.apply #map(%i)
  %sq = math.sqrt %x : f32
  %ex = math.exp %x fastmath<fast> : f32
  cf.cond_br %b, ^bb1, ^bb2(%sq : f32)
^bb1:
  cf.br ^bb2(%ex : f32)
^bb2(%r: f32):
  cf.assert %b, "must hold"
  return %r : f32
}

// CHECK:#map = affine_map<(d0) -> (d0 * 4)>
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @t(%arg0: tensor<16x16xf32>, %arg1: memref<16x16xi32>, %arg2: memref<16xi32>, %arg3: index, %arg4: f32, %arg5: i1) -> f32 {
// CHECK-NEXT:    %0 = tensor.empty() : tensor<16x16xf32>
// CHECK-NEXT:    %1 = tensor.extract_slice %arg0[0, 0] [8, 8] [1, 1] : tensor<16x16xf32> to tensor<8x8xf32>
// CHECK-NEXT:    %2 = tensor.extract %arg0[%arg3, %arg3] : tensor<16x16xf32>
// CHECK-NEXT:    %3 = linalg.fill ins(%arg4 : f32) outs(%0 : tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT:    %4 = linalg.matmul ins(%arg0, %arg0 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%3 : tensor<16x16xf32>) -> tensor<16x16xf32>
// CHECK-NEXT:    affine.for %arg6 = 0 to 16 step 4 {
// CHECK-NEXT:      %9 = affine.load %arg1[%arg6, %arg6 + 1] : memref<16x16xi32>
// CHECK-NEXT:      affine.store %9, %arg2[%arg6] : memref<16xi32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %5 = affine.apply #map(%arg3)
// CHECK-NEXT:    %6 = math.sqrt %arg4 : f32
// CHECK-NEXT:    %7 = math.exp %arg4 fastmath<fast> : f32
// CHECK-NEXT:    cf.cond_br %arg5, ^bb1, ^bb2(%6 : f32)
// CHECK-NEXT:  ^bb1:  // pred: ^bb0
// CHECK-NEXT:    cf.br ^bb2(%7 : f32)
// CHECK-NEXT:  ^bb2(%8: f32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    cf.assert %arg5, "must hold"
// CHECK-NEXT:    return %8 : f32
// CHECK-NEXT:  }
// CHECK-NEXT:}
