"""The start of every scenario kind's builder: a lark Transformer from the
syntax tree to the kind's model. Local problems (a malformed hex id, a number
out of range, a statement given twice in a block) are collected as
Diagnostics, so that every error of a file is reported at once; references
between sections are left to the kind's validator.

Here: source positions, errors, the shared value readers (hex ids, bounded
integers, quoted strings), the items of a block and the header statements
`version` and `kind`. Nothing here knows a kind's model."""

from __future__ import annotations

import re

from lark import Token, Transformer

from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos
from tenkatoitsu.hexmap import Hex

#: stands for a hex whose id was malformed (already reported): off every map
INVALID_HEX = Hex(-999, -999)


class Tagged:
    """An item of a block, tagged with what it is, until the block assembles it."""

    __slots__ = ("tag", "value", "pos")

    def __init__(self, tag, value, pos=None):
        self.tag, self.value, self.pos = tag, value, pos


_ESCAPES = {'"': '"', "n": "\n", "\\": "\\"}


def unquote(tok: Token) -> str:
    # One pass over the escapes: chained str.replace calls read the printed
    # "\\n" (a backslash, then n) back as a backslash and a newline.
    return re.sub(r'\\(["n\\])', lambda mo: _ESCAPES[mo.group(1)], str(tok)[1:-1])


class DocumentBuilder(Transformer):
    """Every rule method is called as ``method(meta, children)``. A kind's
    builder subclasses this, one method per grammar rule, and sets
    `format_version`."""

    #: the `version` of the file format this engine reads
    format_version: int

    def __init__(self, file: str):
        super().__init__(visit_tokens=False)
        self.file = file
        self.diags: list[Diagnostic] = []

    def _call_userfunc(self, tree, new_children=None):
        # lark's v_args(meta=True) rebuilds a wrapper on every call: half the
        # time of building a large map went there
        children = new_children if new_children is not None else tree.children
        f = getattr(self, tree.data, None)
        if f is None:
            return self.__default__(tree.data, children, tree.meta)
        return f(tree.meta, children)

    # ------------------------------------------------------------ helpers
    def pos(self, meta) -> SourcePos | None:
        if isinstance(meta, Token):
            return SourcePos(self.file, meta.line, meta.column, meta.end_line, meta.end_column)
        if meta is None or getattr(meta, "empty", True):
            return None
        return SourcePos(self.file, meta.line, meta.column, meta.end_line, meta.end_column)

    def error(self, msg, where, hint=None):
        pos = where if isinstance(where, SourcePos) or where is None else self.pos(where)
        self.diags.append(Diagnostic(msg, pos, hint))

    def hex(self, tok: Token) -> Hex:
        text = str(tok)
        if len(text) != 4 or not text.isdigit():
            self.error(f"'{text}' is not a hex id: hexes are written CCRR, column then row, "
                       "two digits each", tok, hint="for example 0305 is column 3, row 5")
            return INVALID_HEX
        try:
            return Hex.from_id(text)
        except ValueError as e:
            self.error(f"'{text}' is not a hex id: {e}", tok)
            return INVALID_HEX

    def int_(self, tok: Token, lo=None, hi=None, what="value") -> int:
        v = int(str(tok))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            rng = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
            self.error(f"{what} {v} is out of range ({rng})", tok)
        return v

    def once(self, items, tag, what, meta):
        found = [it for it in items if it.tag == tag]
        for dup in found[1:]:
            self.error(f"{what} is given twice in this block", dup.pos,
                       hint=f"the first is at {found[0].pos}" if found[0].pos else None)
        return found[0] if found else None

    def all(self, items, tag):
        return tuple(it.value for it in items if it.tag == tag)

    def unexpected_items(self, items, allowed, block):
        for it in items:
            if it.tag not in allowed:
                self.error(f"'{it.tag}' cannot stand in {block}", it.pos)

    # ------------------------------------------------------------ header
    def version(self, meta, ch):
        v = int(str(ch[0]))
        if v != self.format_version:
            self.error(f"unsupported format version {v} (this engine reads version "
                       f"{self.format_version})", ch[0])
        return v

    def kind(self, meta, ch):
        return Tagged("kind", str(ch[0]), self.pos(meta))
