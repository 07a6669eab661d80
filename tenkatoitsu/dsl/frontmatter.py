"""The header of a scenario file, read before a grammar is chosen:

    version 1
    scenario "Yamazaki 1582" {
      kind battle
      ...

`kind NAME` as the first statement of the block names the kind of game, and so
the language the rest of the file is read in. A file that names none is of the
default kind. Only the header is looked at: comments, whitespace, `version`,
the block's opening and the `kind` line."""

from __future__ import annotations

import re

import attrs

from tenkatoitsu.dsl.diagnostics import SourcePos

_TOKEN = re.compile(r'\s+|#[^\n]*|"(?:[^"\\\n]|\\.)*"|[A-Za-z_][A-Za-z0-9_-]*|[0-9]+|\{|.', re.S)
_HEADER_TOKENS = 8  # version N scenario "..." { kind NAME


@attrs.frozen
class Header:
    kind: str | None  # the kind the file names, if it names one
    pos: SourcePos | None  # where the kind's name stands


def read_header(text: str, file: str) -> Header:
    tokens: list[tuple[str, int]] = []
    for m in _TOKEN.finditer(text):
        tok = m.group()
        if tok[0].isspace() or tok[0] == "#":
            continue
        tokens.append((tok, m.start()))
        if len(tokens) >= _HEADER_TOKENS:
            break
    words = [t for t, _ in tokens]
    i = 2 if words[:1] == ["version"] else 0
    if words[i:i + 1] in (["scenario"], ["rules"]) and words[i + 1:i + 2][:1] and \
            words[i + 1].startswith('"') and words[i + 2:i + 3] == ["{"] and \
            words[i + 3:i + 4] == ["kind"] and len(words) > i + 4:
        name, offset = tokens[i + 4]
        line = text.count("\n", 0, offset) + 1
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return Header(name, SourcePos(file, line, col, line, col + len(name)))
    return Header(None, None)
