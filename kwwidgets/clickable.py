"""A picture that answers clicks: ``ClickableSVG`` shows an SVG and reports which of its parts
was clicked.

ipywidgets' own ``HTML`` shows a picture but sends nothing back. Here every element of the SVG
that carries a ``data-pick="N"`` attribute is clickable (a pointer cursor over it): a click sets
the widget's ``picked`` to N in the kernel, where an observer acts on it and sets ``picked``
back to -1, so the same part can be clicked again. The front end is a few lines run by
``anywidget`` (its standard way to give a widget a front end without a build step).
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

#: The front end: draw the SVG, and send the data-pick of a clicked part.
_ESM = """
function render({ model, el }) {
  const draw = () => {
    el.innerHTML = model.get("svg");
    el.querySelectorAll("[data-pick]").forEach((node) => {
      node.style.cursor = "pointer";
      node.addEventListener("click", () => {
        model.set("picked", Number(node.dataset.pick));
        model.save_changes();
      });
    });
  };
  model.on("change:svg", draw);
  draw();
}
export default { render };
"""


class ClickableSVG(anywidget.AnyWidget):
    """An SVG (``svg``) whose parts with ``data-pick="N"`` set ``picked`` to N when clicked
    (module docstring)."""

    _esm = _ESM
    svg = traitlets.Unicode("").tag(sync=True)
    picked = traitlets.Int(-1).tag(sync=True)

    def on_pick(self, handler: Any) -> None:
        """Call ``handler(N)`` whenever the part N is clicked (or ``pick(N)`` is called)."""

        def observe(change: dict[str, Any]) -> None:
            number = change["new"]
            if number >= 0:
                try:
                    handler(number)
                finally:
                    self.picked = -1

        self.observe(observe, names="picked")

    def pick(self, number: int) -> None:
        """Act as a click on the part ``number`` (what the front end does; tests call it)."""
        self.picked = number


__all__ = ["ClickableSVG"]
