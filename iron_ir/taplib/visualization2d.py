"""Heat maps of 2-D access-order and access-count tensors, drawn without a display.

Figures are built on matplotlib's Agg canvas directly (never through ``pyplot``), so drawing
works on headless machines and leaves no global figure state behind.
"""

from __future__ import annotations

import sys
import textwrap
import warnings

import matplotlib.patheffects as pe
import numpy as np
from matplotlib.animation import FuncAnimation, PillowWriter
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from .utils import TapError, ceildiv

_CMAP = "gnuplot2"
# Arrows between consecutive accesses clutter the map beyond this many elements.
_ARROW_LIMIT = 1024


def _check_2d(tensor: np.ndarray, what: str):
    if tensor.ndim != 2:
        raise TapError(
            f"{what} must be 2-D to be drawn, but the tensor has {tensor.ndim} dimensions "
            f"(shape {tensor.shape}); visualize/animate draw 2-D tensors only"
        )


def _new_figure(shape: tuple[int, int], panels: int, title: str):
    height, width = shape
    fig_width = 5 if width < 32 else 7
    fig_height = min(fig_width, fig_width * ceildiv(height, width)) * panels
    fig = Figure(figsize=(fig_width, fig_height))
    FigureCanvasAgg(fig)
    axes = fig.subplots(panels, 1, squeeze=False)[:, 0]
    # A TAP's str() is wider than a small figure; wrap it rather than clip it.
    fig.suptitle(textwrap.fill(title, width=8 * fig_width))
    for ax in axes:
        ax.xaxis.tick_top()
        ax.invert_yaxis()
    return fig, axes


def _heatmap(ax, tensor: np.ndarray, vmin=None, vmax=None):
    ys, xs = np.arange(tensor.shape[0]), np.arange(tensor.shape[1])
    mesh = ax.pcolormesh(xs, ys, tensor, cmap=_CMAP, shading="nearest", vmin=vmin, vmax=vmax)
    ax.figure.colorbar(mesh, ax=ax)
    return mesh


def _draw_arrows(ax, access_order: np.ndarray):
    accessed = np.argwhere(access_order >= 0)
    ranked = accessed[np.argsort(access_order[access_order >= 0], kind="stable")]
    if len(ranked) < 2:
        return
    ys, xs = ranked[:-1, 0], ranked[:-1, 1]
    dys, dxs = np.diff(ranked[:, 0]), np.diff(ranked[:, 1])
    # One quiver holds every arrow; separate arrow patches take seconds on a few thousand.
    arrows = ax.quiver(
        xs, ys, dxs, dys, angles="xy", scale_units="xy", scale=1, width=0.004, headwidth=4
    )
    arrows.set_path_effects([pe.withStroke(linewidth=3, foreground="white")])


def _show(fig: Figure):
    """Display inline when running under IPython; there is no window to show otherwise."""
    ipython = sys.modules.get("IPython")
    if ipython is not None and ipython.get_ipython() is not None:
        from IPython.display import display

        display(fig)


def visualize_from_accesses(
    access_order_tensor: np.ndarray,
    access_count_tensor: np.ndarray | None,
    title: str = "Access Visualization",
    show_arrows: bool | None = None,
    file_path: str | None = None,
    show_plot: bool = True,
) -> Figure:
    """Draw the access order (and the access count, if given) of a 2-D tensor.

    Returns the Figure; with ``file_path`` it is also saved there (format from the extension).
    """
    _check_2d(access_order_tensor, "access_order_tensor")
    panels = 1
    if access_count_tensor is not None:
        _check_2d(access_count_tensor, "access_count_tensor")
        if access_count_tensor.shape != access_order_tensor.shape:
            raise TapError(
                f"access_count_tensor has shape {access_count_tensor.shape}, but "
                f"access_order_tensor has shape {access_order_tensor.shape}"
            )
        panels = 2
    large = access_order_tensor.size >= _ARROW_LIMIT
    if show_arrows is None:
        show_arrows = not large
    elif show_arrows and large:
        warnings.warn(
            f"show_arrows draws one arrow per access; slow and unreadable for "
            f"{access_order_tensor.size} elements",
            stacklevel=3,
        )

    fig, axes = _new_figure(access_order_tensor.shape, panels, title)
    _heatmap(axes[0], access_order_tensor)
    axes[0].set_title("Access Order")
    if show_arrows:
        _draw_arrows(axes[0], access_order_tensor)
    if access_count_tensor is not None:
        _heatmap(axes[1], access_count_tensor)
        axes[1].set_title(f"Access Counts (max={int(np.max(access_count_tensor))})")
    fig.tight_layout()
    if file_path:
        fig.savefig(file_path)
    if show_plot:
        _show(fig)
    return fig


def animate_from_accesses(
    access_order_tensors: list[np.ndarray],
    access_count_tensors: list[np.ndarray] | None,
    title: str = "Animated Access Visualization",
    file_path: str | None = None,
    fps: int | None = None,
) -> FuncAnimation:
    """One frame per access-order tensor (with the matching access count below, if given).

    Returns the animation; with ``file_path`` it is also written there as a GIF.
    """
    if len(access_order_tensors) < 1:
        raise TapError("animate needs at least one access order tensor, got none")
    for t in access_order_tensors:
        _check_2d(t, "each access order tensor")
        if t.shape != access_order_tensors[0].shape:
            raise TapError(
                f"all access order tensors must have one shape, got {access_order_tensors[0].shape} "
                f"and {t.shape}"
            )
    if access_count_tensors is not None and len(access_count_tensors) != len(access_order_tensors):
        raise TapError(
            f"got {len(access_count_tensors)} access count tensors for "
            f"{len(access_order_tensors)} access order tensors; give one per frame or None"
        )

    panels = 1 if access_count_tensors is None else 2
    fig, axes = _new_figure(access_order_tensors[0].shape, panels, title)
    top = max(int(np.max(t)) for t in access_order_tensors)
    order_mesh = _heatmap(axes[0], access_order_tensors[0], vmin=-1, vmax=max(top, 0))
    axes[0].set_title("Access Order Animation")
    count_mesh = None
    if access_count_tensors is not None:
        top_count = max(int(np.max(t)) for t in access_count_tensors)
        count_mesh = _heatmap(axes[1], access_count_tensors[0], vmin=0, vmax=max(top_count, 1))
        axes[1].set_title("Access Counts")
    fig.tight_layout()

    def draw_frame(i):
        order_mesh.set_array(access_order_tensors[i])
        if count_mesh is None:
            return (order_mesh,)
        count_mesh.set_array(access_count_tensors[i])
        return (order_mesh, count_mesh)

    interval = max(400, 100 + 5 * len(access_order_tensors))
    animation = FuncAnimation(
        fig, draw_frame, frames=len(access_order_tensors), interval=interval, blit=False
    )
    if file_path:
        animation.save(file_path, writer=PillowWriter(fps=fps or max(1, round(1000 / interval))))
    return animation
