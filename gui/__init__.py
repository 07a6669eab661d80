"""The PySide6 GUI of Tenkatoitsu, installed as `tenkatoitsu_gui`.

The GUI is a Controller for human players plus a subscriber to the engine's
events: it shows the state, highlights a pending Decision's legal options and
sends back the one the player clicks. It never computes a rule itself; it
reads Decisions and the engine's pure queries. Each scenario kind supplies its
own map view and side panels (`kinds`); the hex battle is the first."""
