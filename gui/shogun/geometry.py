"""The provinces' cells, now shared with the clans' map: see
tenkatoitsu_gui.area.geometry (kept here for the code that imports it from
the shogun view)."""

from tenkatoitsu_gui.area.geometry import *
from tenkatoitsu_gui.area.geometry import __all__  # noqa: F401
