"""Checks of the Qt binding and of its platform before the window opens.

PySide6 6.12.0 on Python 3.11 takes a reference from None at every call of a
Qt method that returns nothing (QPainter.setBrush, ...); after a few thousand
calls, a map repainted a few times, Python aborts ("none_dealloc"). pyproject
excludes that version; this finds any binding that does the same.

On X11, Qt's xcb platform plugin needs libraries a bare X server lacks
(libxcb-cursor0 since Qt 6.5); without them, or without the X server, Qt
aborts. `platform_problem` says so, with the command that installs them."""

from __future__ import annotations

import ctypes
import os
import sys
from collections.abc import Callable, Mapping

#: what the xcb platform plugin needs beyond a bare X server
XCB_LIBRARIES = ("libxcb-cursor.so.0", "libxcb-icccm.so.4", "libxcb-keysyms.so.1")
XCB_INSTALL = "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1"
NO_WINDOW = ("or play without a window: tenkatoitsu gui --headless, "
             "or take a picture: tenkatoitsu gui --screenshot FILE.png")

_SPARE: list = []  # references to None kept for good, so that a leak cannot abort the check


def none_refs_taken(calls: int = 2_000) -> int:
    """References to None that `calls` void Qt calls take away: about `calls`
    with a leaking binding, near 0 with a sound one."""
    from PySide6.QtGui import QColor, QImage, QPainter

    spare = [None] * (2 * calls)
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(spare))  # never freed, not even at exit
    _SPARE.append(spare)
    img = QImage(8, 8, QImage.Format.Format_ARGB32)
    p = QPainter(img)
    colour = QColor(1, 2, 3)
    before = sys.getrefcount(None)
    for _ in range(calls):
        p.setBrush(colour)
    after = sys.getrefcount(None)
    p.end()
    return before - after


def problem() -> str | None:
    """Why this binding cannot run the GUI, or None."""
    if sys.version_info >= (3, 12):  # None is immortal
        return None
    calls = 2_000
    if none_refs_taken(calls) > calls // 2:
        import PySide6

        return (f"PySide6 {PySide6.__version__} on Python {sys.version_info.major}."
                f"{sys.version_info.minor} takes a reference from None at every Qt call and "
                f"would abort Python; install another version: "
                f"python3 -m pip install -e \".[gui]\" (it excludes 6.12.0)")
    return None


# ---------------------------------------------------------------- the platform

def qt_platforms(env: Mapping[str, str], system: str) -> list[str]:
    """The platform plugins Qt will try, in order: QT_QPA_PLATFORM
    ("wayland;xcb", "xcb:option"), else its own choice on Linux."""
    asked = [p.split(":")[0].strip() for p in env.get("QT_QPA_PLATFORM", "").split(";")]
    asked = [p for p in asked if p]
    if asked or system != "linux":
        return asked
    if env.get("WAYLAND_DISPLAY") or env.get("XDG_SESSION_TYPE") == "wayland":
        return ["wayland", "xcb"]
    return ["xcb"]


def platform_problem(env: Mapping[str, str] | None = None, system: str | None = None,
                     load: Callable[[str], object] = ctypes.CDLL) -> str | None:
    """Why Qt would abort opening its platform, with the remedy, or None.
    Only X11 (xcb) is checked: its libraries, its plugin, the X server."""
    env = os.environ if env is None else env
    for name in qt_platforms(env, sys.platform if system is None else system):
        if name.startswith("wayland") and not _wayland_socket(env):
            continue  # Qt goes on to the next one
        return _xcb_problem(env, load) if name == "xcb" else None
    return None


def _wayland_socket(env: Mapping[str, str]) -> bool:
    display = env.get("WAYLAND_DISPLAY", "")
    if not display:
        return False
    return os.path.exists(os.path.join(env.get("XDG_RUNTIME_DIR", ""), display))


def _xcb_problem(env: Mapping[str, str], load) -> str | None:
    missing = [lib for lib in XCB_LIBRARIES if _load_error(load, lib)]
    if missing:
        return (f"Qt cannot open a window on X11 without {', '.join(missing)}; "
                f"on Debian or Ubuntu install them with\n    {XCB_INSTALL}\n{NO_WINDOW}")
    why = _load_error(load, _xcb_plugin())
    if why:
        return (f"Qt's X11 platform plugin cannot load ({why}); on Debian or Ubuntu:\n"
                f"    {XCB_INSTALL}\n{NO_WINDOW}")
    display = env.get("DISPLAY", "")
    if not _x_server_answers(display, load):
        where = f"on the display '{display}'" if display else "(DISPLAY is not set)"
        return f"no X server answers {where}\n{NO_WINDOW}"
    return None


def _load_error(load, library: str | None) -> str | None:
    if library is None:
        return None
    try:
        load(library)
    except OSError as e:
        return str(e)
    return None


def _xcb_plugin() -> str | None:
    from PySide6.QtCore import QLibraryInfo

    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.PluginsPath)
    plugin = os.path.join(folder, "platforms", "libqxcb.so")
    return plugin if os.path.isfile(plugin) else None


def _x_server_answers(display: str, load) -> bool:
    try:
        xcb = load("libxcb.so.1")
    except OSError:
        return True  # the plugin loaded, so this cannot be missing: let Qt judge
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = (ctypes.c_char_p, ctypes.c_void_p)
    xcb.xcb_connection_has_error.argtypes = (ctypes.c_void_p,)
    xcb.xcb_disconnect.argtypes = (ctypes.c_void_p,)
    connection = xcb.xcb_connect(display.encode() or None, None)
    refused = xcb.xcb_connection_has_error(connection)
    xcb.xcb_disconnect(connection)
    return refused == 0
