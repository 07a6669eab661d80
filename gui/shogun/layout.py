"""Where each province's label goes, now shared with the clans' map: see
tenkatoitsu_gui.area.layout (kept here for the code that imports it from the
shogun view)."""

from tenkatoitsu_gui.area.layout import *
from tenkatoitsu_gui.area.layout import __all__  # noqa: F401
