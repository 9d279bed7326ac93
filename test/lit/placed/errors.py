# RUN: not iron run %s 2>&1 | filecheck %s
#
# A placed design that misuses the API: one message at the design's line, no traceback.
# CHECK-NOT: Traceback
import numpy as np

from aie.dialects.aie import *
from aie.dialects.aiex import *
from aie.extras.context import mlir_mod_ctx

ty = np.ndarray[(64,), np.dtype[np.int32]]

with mlir_mod_ctx() as ctx:

    @device(AIEDevice.npu1_1col)
    def device_body():
        shim = tile(0, 0)
        # CHECK: errors.py:19: error: IronTypeError: object_fifo 'in' datatype: expected a buffer type{{.*}}, got {{\[64\]}}
        object_fifo("in", shim, tile(0, 2), 2, [64])

    print(ctx.module)
