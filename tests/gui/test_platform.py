"""Without the X11 libraries Qt's xcb plugin needs, or without an X server,
`tenkatoitsu gui` says what to install or how to play without a window,
instead of Qt's abort."""

from guitest import BINDING_PROBLEM  # noqa: I001 (first: the GUI package, or skip)

import ctypes
import os
import subprocess
import sys

import pytest
from tenkatoitsu_gui.binding import XCB_INSTALL, XCB_LIBRARIES, platform_problem, qt_platforms


def loader(missing=(), present=()):
    """ctypes.CDLL, but the libraries named in `missing` fail to load and
    those in `present` load whether they are installed or not."""
    def load(name):
        if any(name.endswith(m) for m in missing):
            raise OSError(f"{name}: cannot open shared object file: No such file or directory")
        if any(name.endswith(p) for p in present):
            return None
        return ctypes.CDLL(name)
    return load


def test_the_platform_qt_tries_first():
    assert qt_platforms({}, "linux") == ["xcb"]
    assert qt_platforms({"WAYLAND_DISPLAY": "wayland-0"}, "linux") == ["wayland", "xcb"]
    assert qt_platforms({"QT_QPA_PLATFORM": "wayland;xcb:nograb"}, "linux") == ["wayland", "xcb"]
    assert qt_platforms({}, "darwin") == []


def test_a_missing_xcb_library_is_named_with_the_line_that_installs_it():
    why = platform_problem({"DISPLAY": ":0"}, "linux", loader(missing=["libxcb-cursor.so.0"]))
    assert "libxcb-cursor.so.0" in why and XCB_INSTALL in why
    assert XCB_INSTALL == "sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1"
    assert "--headless" in why and "--screenshot" in why
    # Wayland without its socket: Qt falls back to xcb, and so does the check
    env = {"DISPLAY": ":0", "WAYLAND_DISPLAY": "no-such-socket", "XDG_RUNTIME_DIR": "/nowhere"}
    assert XCB_INSTALL in platform_problem(env, "linux", loader(missing=["libxcb-icccm.so.4"]))


def test_other_platforms_are_not_checked(tmp_path):
    fail = loader(missing=XCB_LIBRARIES)
    assert platform_problem({"QT_QPA_PLATFORM": "offscreen"}, "linux", fail) is None
    assert platform_problem({}, "darwin", fail) is None
    (tmp_path / "wayland-0").touch()
    env = {"WAYLAND_DISPLAY": "wayland-0", "XDG_RUNTIME_DIR": str(tmp_path)}
    assert platform_problem(env, "linux", fail) is None


def test_no_x_server_is_said_too():
    try:
        ctypes.CDLL("libxcb.so.1")
    except OSError:
        pytest.skip("no libxcb here")
    libs = loader(present=(*XCB_LIBRARIES, "libqxcb.so"))
    why = platform_problem({"DISPLAY": ":987"}, "linux", libs)
    assert "no X server" in why and ":987" in why and "--headless" in why


@pytest.mark.skipif(sys.platform != "linux" or BINDING_PROBLEM is not None,
                    reason="the xcb platform is Linux's")
def test_gui_on_a_display_qt_cannot_open_exits_2_with_the_remedy():
    env = dict(os.environ, DISPLAY=":987", QT_QPA_PLATFORM="xcb")
    env.pop("WAYLAND_DISPLAY", None)
    run = subprocess.run([sys.executable, "-m", "tenkatoitsu", "gui"], env=env,
                         capture_output=True, text=True, timeout=120, check=False)
    assert run.returncode == 2, run.stderr
    assert run.stderr.startswith("tenkatoitsu gui: ")
    assert XCB_INSTALL in run.stderr or "no X server answers on the display ':987'" in run.stderr
    assert "--headless" in run.stderr and "qt.qpa" not in run.stderr
