"""Remake every picture in these pages:

    python3 docs/screenshots.py [--list] [--into FOLDER] [NAME...]

Each picture is one `tenkatoitsu gui ... --screenshot` command below, rendered
offscreen, so anyone can check that a picture shows what the engine does
today. `--list` prints the commands; NAMEs (e.g. `map bowl`) remake only
those pictures; `--into` writes them elsewhere than docs/img/."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent

TRAINING = "scenarios/training.tks"
#: picture (in docs/img/) -> the arguments of `tenkatoitsu gui`
SHOTS = {
    "window": [TRAINING, "--seed", "3", "--play-turns", "2"],
    "map": [TRAINING, "--seed", "1", "--play-turns", "1", "--until", "march-hex", "--grab", "map",
            "--size", "1900x1200", "--zoom", "1.0"],
    "combat": [TRAINING, "--players", "human,human", "--seed", "1", "--until", "combat-order",
               "--grab", "decision"],
    "leadership": [TRAINING, "--seed", "1", "--until", "leadership", "--grab", "decision"],
    "honjin": [TRAINING, "--seed", "3", "--play-turns", "3", "--grab", "honjin"],
    "bowl": [TRAINING, "--seed", "3", "--play-turns", "3", "--until", "march-clan",
             "--grab", "bowl"],
    "tracks": [TRAINING, "--seed", "3", "--play-turns", "4", "--grab", "tracks"],
    "siege": [TRAINING, "--variant", "siege", "--seed", "3", "--grab", "siege"],
    "betrayal": ["scenarios/sekigahara.tks", "--seed", "1", "--play-turns", "8",
                 "--grab", "betrayal"],
    "victory": [TRAINING, "--seed", "3", "--play-turns", "4", "--grab", "victory"],
    "game-over": [TRAINING, "--seed", "3", "--play-turns", "99", "--grab", "summary"],
    "help-legend": [TRAINING, "--grab", "help-map-legend"],
    "help-counters": [TRAINING, "--grab", "help-counters-and-markers"],
    "yamazaki-map": ["scenarios/yamazaki.tks", "--seed", "1", "--grab", "map",
                     "--size", "1900x1200"],
    "nagakute-map": ["scenarios/nagakute.tks", "--seed", "1", "--grab", "map",
                     "--size", "1900x1300"],
    # a 3-seat castles game mid-war: Kyō (the sixth castle) just resolved
    "castles-war": ["scenarios/castles.tks", "--players", "random,random,random", "--seed", "1",
                    "--play-turns", "99", "--at-event", "AreaResolved:6"],
    # a 4-seat shogun game in round 2's Wage War: Green's battle markers, its army
    # fighting for Aki after the first combat round, die by die in the battle panel
    "shogun-war": ["scenarios/shogun.tks", "--players", "random,random,random,random",
                   "--seed", "11", "--play-turns", "2", "--until", "call-off"],
    # a 4-seat clans game on a laptop screen, seen by Player A (the others' Koku behind
    # their screens), mid-campaign: a battle die by die, the hits in red
    "clans-campaign": ["scenarios/clans.tks", "--players", "human,random,random,random",
                       "--seed", "1", "--play-turns", "4", "--until", "hit",
                       "--size", "1366x768"],
    # the same with every module the Emperor's Favor goes with, round 10's campaign seen
    # by Player A: the cards' tracks (Legitimacy, Koku sown and its own stored, the Honor
    # Pact, Unrest markers), an Ikkō-ikki Stronghold in grey on Iyo, Unrest in Hyūga,
    # the Koku sown as gold coins, the Trading Posts' ships, the units' short letters
    # with their key, and the last battle's aftermath (Unrest, the sown Koku raided)
    "clans-modules": ["scenarios/clans.tks", "--variant",
                      "political-play,specialized-warfare,rice-and-war,ikko-ikki,"
                      "nanban-trade,emperors-favor",
                      "--players", "human,random,random,random", "--seed", "44",
                      "--play-turns", "10", "--until", "move-from", "--size", "1366x768"],
}


def command(name: str, into: str = "docs/img") -> list[str]:
    return ["tenkatoitsu", "gui", *SHOTS[name], "--screenshot", f"{into}/{name}.png"]


def main(argv: list[str]) -> int:
    if "--list" in argv:
        for name in SHOTS:
            print(shlex.join(command(name)))
        return 0
    into = "docs/img"
    if "--into" in argv:
        i = argv.index("--into")
        into = str(Path(argv[i + 1]).resolve())
        argv = argv[:i] + argv[i + 2:]
    names = [a for a in argv if not a.startswith("-")] or list(SHOTS)
    unknown = [n for n in names if n not in SHOTS]
    if unknown:
        print(f"unknown pictures: {', '.join(unknown)} (known: {', '.join(SHOTS)})",
              file=sys.stderr)
        return 2
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    failed = 0
    for name in names:
        cmd = [sys.executable, "-m", "tenkatoitsu", *command(name, into)[1:]]
        done = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True)
        print(f"{name}: {(done.stdout or done.stderr).strip()}")
        failed += done.returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
