aie.device(npu1) {
  %t = aie.tile(4, 2) // expected-error {{not the message}}
}

// -----

aie.device(npu1) {
  %t = aie.tile(1, 2) // expected-error {{never produced}}
}

// -----

aie.device(npu1) {
  %t = aie.tile(7, 2) // expected-warning {{column index (7)}}
}

// -----

aie.device(npu1) {
  %t = aie.tile(1, 2) // expected-error-re {{unclosed {{[0-9]}}
}

// -----

aie.device(npu1) {
  %t = aie.tile(1, 2) // expected-error-re {{bad {{(}} regex}}
}

// -----

// expected-remark @unknown {{nowhere}}
aie.device(npu1) {
  %t = aie.tile(1, 2)
}

// -----

aie.device(npu1) {
  %t = aie.tile(1, 2)
}
// expected-note @below {{dangling}}
