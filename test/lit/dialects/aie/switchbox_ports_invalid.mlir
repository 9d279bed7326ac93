// Switchbox port rules (mlir-aie's SwitchboxOp verifier): every port exists on the tile's
// switch, one driver per destination, and each connection is one the switch can make.
// One-dash long options, as MLIR tools take them.
// RUN: iron-opt -split-input-file -verify-diagnostics %s

aie.device(npu1_2col) {
  %mt = aie.tile(1, 1)
  aie.switchbox(%mt) {
    // expected-error@+1 {{'aie.connect' op illegal stream switch connection}}
    aie.connect<South: 2, North: 3>
  }
}

// -----

aie.device(npu1_2col) {
  %ct = aie.tile(0, 4)
  aie.switchbox(%ct) {
    // expected-error@+1 {{'aie.amsel' op illegal stream switch connection}}
    %a = aie.amsel<1> (0)
    aie.masterset(West : 2, %a)
    // Trace may only leave a compute tile's switch towards DMA 0, FIFO or South.
    aie.packet_rules(Trace : 0) {
      aie.rule(31, 3, %a)
    }
  }
}

// -----

aie.device(npu1_2col) {
  %shim = aie.tile(1, 0)
  aie.switchbox(%shim) {
    // expected-error@+1 {{'aie.connect' op source bundle DMA not supported; index: 1, bound: 0}}
    aie.connect<DMA: 1, North: 2>
  }
}

// -----

aie.device(npu1_2col) {
  %ct = aie.tile(1, 3)
  aie.switchbox(%ct) {
    // expected-error@+1 {{'aie.connect' op index 2 for dest bundle DMA must be less than 2}}
    aie.connect<North: 1, DMA: 2>
  }
}

// -----

aie.device(npu1_2col) {
  %ct = aie.tile(1, 3)
  aie.switchbox(%ct) {
    aie.connect<North: 1, DMA: 0>
    // expected-error@+1 {{targets same dst as another connect op}}
    aie.connect<West: 0, DMA: 0>
  }
}

// -----

aie.device(npu1_2col) {
  %ct = aie.tile(1, 3)
  aie.switchbox(%ct) {
    // expected-error@+1 {{'aie.connect' op dest index cannot be less than zero}}
    aie.connect<North: 1, South: -2>
  }
}

// -----

aie.device(npu1_2col) {
  %ct = aie.tile(1, 3)
  aie.switchbox(%ct) {
    %a = aie.amsel<0> (0)
    aie.connect<North: 1, South: 0>
    // expected-error@+1 {{targets same destination South: 0 as another connect or masterset operation}}
    aie.masterset(South : 0, %a)
  }
}

// -----

// Legal connections of every tile kind verify.
aie.device(npu1_2col) {
  %shim = aie.tile(0, 0)
  %mt = aie.tile(0, 1)
  %ct = aie.tile(0, 2)
  aie.switchbox(%shim) {
    aie.connect<South: 3, North: 2>
    aie.connect<Trace: 0, South: 1>
  }
  aie.switchbox(%mt) {
    aie.connect<South: 2, DMA: 0>
    aie.connect<DMA: 1, North: 0>
    aie.connect<North: 3, South: 3>
  }
  aie.switchbox(%ct) {
    %a = aie.amsel<2> (1)
    aie.masterset(South : 1, %a)
    aie.packet_rules(Trace : 0) {
      aie.rule(31, 5, %a)
    }
    aie.connect<South: 0, DMA: 1>
  }
}
