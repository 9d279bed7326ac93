"""``iron run --inputs``: numpy writes ml_dtypes.bfloat16 arrays to .npz as raw 2-byte items
(``|V2``); an argument of bf16 reads them as bf16 bits instead of failing."""

from pathlib import Path

import numpy as np
from ml_dtypes import bfloat16

from iron_ir.cli.iron import main

DESIGN = Path(__file__).parent / "designs" / "bf16_forward.py"


def test_bf16_npz_inputs_are_read_as_bf16_bits(tmp_path, capsys):
    data = (np.arange(256) / 4 - 30).astype(bfloat16)
    np.savez(tmp_path / "in.npz", arg0=data)
    assert np.load(tmp_path / "in.npz")["arg0"].dtype.str == "|V2"  # what numpy does
    status = main(["run", str(DESIGN), "--inputs", str(tmp_path / "in.npz"), "--out", str(tmp_path / "out.npz")])
    out = capsys.readouterr()
    assert status == 0, out.err
    result = np.load(tmp_path / "out.npz")["arg1"]
    assert (result.view(np.uint16) == data.view(np.uint16)).all()


def test_raw_items_of_another_size_are_a_clear_error(tmp_path, capsys):
    np.savez(tmp_path / "in.npz", arg0=np.zeros(128, dtype="V4"))
    assert main(["run", str(DESIGN), "--inputs", str(tmp_path / "in.npz")]) == 1
    err = capsys.readouterr().err
    assert "raw 4-byte items" in err and "bfloat16" in err and "internal error" not in err
