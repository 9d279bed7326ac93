"""visualize() writes a heat map PNG and returns the figure; animate() writes a GIF."""

import matplotlib.image as mpimg
import matplotlib.pyplot as plt
import numpy as np
import pytest
from matplotlib.figure import Figure
from matplotlib.quiver import Quiver
from PIL import Image

from iron_ir.taplib import TapError, TensorAccessPattern, TensorTiler2D


def assert_drawn(path, min_width, min_height):
    image = mpimg.imread(path)
    height, width = image.shape[:2]
    assert width >= min_width and height >= min_height
    rgb = image[..., :3].reshape(-1, 3)
    assert rgb.std() > 0.05  # not a blank page
    assert len(np.unique(np.round(rgb, 2), axis=0)) > 20  # a colour map, not just text


def test_tap_visualize_png(tmp_path):
    tap = TensorTiler2D.simple_tiler((9, 4), (3, 2))[0]
    path = tmp_path / "tap.png"
    fig = tap.visualize(file_path=str(path), show_plot=False, plot_access_count=True)
    assert isinstance(fig, Figure) and len(fig.axes) == 4  # two heat maps + colour bars
    assert fig.axes[0].get_title() == "Access Order"
    assert fig.axes[1].get_title() == "Access Counts (max=1)"
    assert fig._suptitle.get_text().replace("\n", " ") == str(tap)
    # arrows between the 6 accesses of a small tensor
    assert [q.N for q in fig.axes[0].collections if isinstance(q, Quiver)] == [5]
    assert_drawn(path, 300, 300)
    assert plt.get_fignums() == []  # drawn on an Agg canvas, never through pyplot


def test_sequence_visualize_returns_figure_without_file(tmp_path):
    tas = TensorTiler2D.group_tiler((32, 32), (4, 4), (2, 2))
    fig = tas.visualize(title="groups", show_plot=False)
    assert isinstance(fig, Figure) and fig._suptitle.get_text() == "groups"
    path = tmp_path / "seq.png"
    fig.savefig(path)
    assert_drawn(path, 300, 300)


def test_animate_gif(tmp_path):
    tas = TensorTiler2D.simple_tiler((4, 4), (2, 4))
    path = tmp_path / "seq.gif"
    anim = tas.animate(file_path=str(path), animate_access_count=True)
    assert anim is not None
    with Image.open(path) as gif:
        assert gif.format == "GIF"
        assert gif.n_frames == len(tas) + 1
        gif.seek(gif.n_frames - 1)
        last = np.asarray(gif.convert("RGB"))
        assert last.std() > 10


def test_visualize_needs_2d_tensor():
    tap = TensorAccessPattern((2, 2, 2))
    with pytest.raises(TapError, match="2-D tensors only"):
        tap.visualize(show_plot=False)


def test_large_tensor_defaults_to_no_arrows():
    tap = TensorAccessPattern((64, 64))
    fig = tap.visualize(show_plot=False)
    assert not any(isinstance(q, Quiver) for q in fig.axes[0].collections)
    with pytest.warns(UserWarning, match="show_arrows"):
        tap.visualize(show_plot=False, show_arrows=True)
