"""The lark front end shared by every kind: one cached LALR parser per grammar,
and syntax errors turned into located Diagnostics with readable expectations."""

from __future__ import annotations

import functools
import hashlib
import os
import re
from pathlib import Path

from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lexer import PatternStr

from tenkatoitsu.bundled import GRAMMAR_DIR
from tenkatoitsu.dsl.diagnostics import Diagnostic, SourcePos

# what an author reads instead of a terminal's name
_READABLE = {
    "NAME": "a name", "ID": "an id", "INT": "a number", "STRING": "a quoted string",
    "COLOR": "a colour (#rrggbb)", "CELL": "a combat result (a1, dE^2, a1-d1, -)",
"$END": "end of file",
    "ROW_LABEL": "a row label such as 5: or ..4:",
}


def grammar_path(grammar: str | Path) -> Path:
    """A kind's grammar: a path, or the name of one shipped in GRAMMAR_DIR."""
    return grammar if isinstance(grammar, Path) else GRAMMAR_DIR / f"{grammar}.lark"


def _cache_file(path: Path) -> str | bool:
    """Where lark keeps the parse tables it built for this grammar, so that a
    process start does not build them again (lark checks the grammar's text
    and its own version: a changed grammar builds anew). In the user's own
    cache folder: lark reads the tables back with pickle, so never from a
    folder that someone else could write to."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "tenkatoitsu"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if hasattr(os, "getuid") and folder.stat().st_uid != os.getuid():
            return False
    except OSError:
        return False
    where = hashlib.sha256(str(path).encode()).hexdigest()[:10]
    return str(folder / f"lark-{path.stem}-{where}.cache")


def _open(path: Path, **kw) -> Lark:
    # `%import common (...)` finds the shared tokens from any kind's folder
    return Lark.open(str(path), parser="lalr", propagate_positions=True,
                     maybe_placeholders=False, import_paths=[str(GRAMMAR_DIR)], **kw)


@functools.lru_cache(maxsize=None)
def parser(grammar: str | Path) -> Lark:
    path = grammar_path(grammar)
    cache = _cache_file(path)
    try:
        return _open(path, cache=cache)
    except OSError:  # an unwritable or damaged cache: build the tables in memory
        return _open(path, cache=False)


def comments(grammar: str | Path, text: str) -> list:
    """The COMMENT tokens of `text`, found by the grammar's own lexer (so that a
    colour such as #3a5fa0 is not taken for one)."""
    found: list = []
    p = _open(grammar_path(grammar), lexer_callbacks={"COMMENT": found.append}) \
        if grammar not in _COMMENT_PARSERS else _COMMENT_PARSERS[grammar][0]
    if grammar not in _COMMENT_PARSERS:
        _COMMENT_PARSERS[grammar] = (p, found)
    sink = _COMMENT_PARSERS[grammar][1]
    sink.clear()
    try:
        p.parse(text)
    except Exception:
        return []
    out = list(sink)
    sink.clear()
    return out


_COMMENT_PARSERS: dict[str | Path, tuple[Lark, list]] = {}


def _readable(p: Lark, names) -> list[str]:
    out = set()
    for name in names:
        if name in _READABLE:
            out.add(_READABLE[name])
            continue
        try:
            pat = p.get_terminal(name).pattern
        except KeyError:
            out.add(name.lower())
            continue
        out.add(f"'{pat.value}'" if isinstance(pat, PatternStr) else name.lower())
    keywords = sorted(o for o in out if o.startswith("'"))
    others = sorted(o for o in out if not o.startswith("'"))
    return others + keywords


def _expected(p: Lark, names) -> str:
    items = _readable(p, names)
    if len(items) > 10:
        items = items[:10] + ["..."]
    return ", ".join(items)


def _unclosed_brace(text: str) -> tuple[int, int] | None:
    """Where the last still-open '{' is, skipping strings and comments."""
    stack: list[tuple[int, int]] = []
    line, col, i, n = 1, 0, 0, len(text)
    while i < n:
        ch = text[i]
        col += 1
        if ch == "\n":
            line, col = line + 1, 0
        elif ch == "#":
            while i + 1 < n and text[i + 1] != "\n":
                i += 1
        elif ch == '"':
            i += 1
            while i < n and text[i] not in '"\n':
                # a backslash never escapes a newline: the string is unterminated there
                step = 2 if text[i] == "\\" and text[i + 1: i + 2] not in ("\n", "") else 1
                i += step
                col += step
            if i < n and text[i] == "\n":
                continue  # unterminated: the newline still ends the line below
            col += 1  # the closing quote (it was not counted: every '{' after it was one short)
        elif ch == "{":
            stack.append((line, col))
        elif ch == "}" and stack:
            stack.pop()
        i += 1
    return stack[-1] if stack else None


#: lexical errors read before the rest of a file is given up: each costs the
#: lexer a restart, and a file of nothing but stray characters has millions
MAX_LEXICAL_ERRORS = 100


class _TooManyErrors(Exception):
    pass


@functools.lru_cache(maxsize=None)
def _token_start(grammar: str | Path):
    """Matches where any terminal of the grammar (spaces and comments too) could begin."""
    return re.compile("|".join(f"(?:{t.pattern.to_regexp()})" for t in parser(grammar).terminals))


def _bad_run(grammar: str | Path, text: str, start: int) -> int:
    """The end of the run of characters from `start` where no token can begin,
    so that `$$$...$` is one error rather than one per character."""
    token_start, end, n = _token_start(grammar), start + 1, len(text)
    while end < n and not token_start.match(text, end):
        end += 1
    return end


def parse(grammar: str | Path, text: str, file: str) -> tuple[Tree | None, list[Diagnostic]]:
    """Parse `text`; every lexical error is reported (a run of bad characters
    once, and no more than MAX_LEXICAL_ERRORS), parsing stops at the first
    grammar error (recovering from those only produces noise)."""
    p = parser(grammar)
    diags: list[Diagnostic] = []

    def on_error(e: UnexpectedInput) -> bool:
        if not isinstance(e, UnexpectedCharacters):
            return False
        if len(diags) >= MAX_LEXICAL_ERRORS:
            raise _TooManyErrors(e)
        end = _bad_run(grammar, text, e.pos_in_stream)
        diags.append(_diag(p, e, file, text, end))
        try:  # skip the run; lark skips one character when the position is left alone
            e.interactive_parser.lexer_thread.state.line_ctr.feed(text[e.pos_in_stream:end])
        except AttributeError:
            pass
        return True

    try:
        tree = p.parse(text, on_error=on_error)
    except UnexpectedInput as e:
        diags.append(_diag(p, e, file, text))
        return None, diags
    except _TooManyErrors as stop:
        e = stop.args[0]
        return None, diags + [Diagnostic(
            f"more than {MAX_LEXICAL_ERRORS} unexpected characters: the rest of the file is not read",
            SourcePos(file, max(1, e.line), max(1, e.column)), hint="is this a scenario file?")]
    except RecursionError:
        return None, diags + [Diagnostic("the file nests blocks too deeply", SourcePos(file, 1, 1))]
    return (tree if not diags else None), diags


def _diag(p: Lark, e: UnexpectedInput, file: str, text: str, end: int | None = None) -> Diagnostic:
    line, col = max(1, getattr(e, "line", 1) or 1), max(1, getattr(e, "column", 1) or 1)
    if isinstance(e, UnexpectedCharacters):
        start = e.pos_in_stream
        run = text[start:end] if end is not None and 0 <= start < end else text[start:start + 1]
        ch = run[:1] or "?"
        hint = 'strings use double quotes: "..."' if ch in "'`" else None
        if len(run) > 1:
            shown = run if len(run) <= 20 else run[:20] + "…"
            what = f"unexpected characters {shown!r}" + (f" ({len(run)} of them)" if len(run) > 20 else "")
        else:
            what = f"unexpected character {ch!r}"
        return Diagnostic(what, SourcePos(file, line, col, line, col + max(1, len(run))), hint=hint)
    if isinstance(e, UnexpectedToken) and e.token.type == "$END" or isinstance(e, UnexpectedEOF):
        expected = getattr(e, "expected", None) or getattr(e, "accepts", None) or []
        last = text.rstrip()
        eline = last.count("\n") + 1
        ecol = len(last) - (last.rfind("\n") + 1) + 1
        brace = _unclosed_brace(text)
        hint = f"the block opened at {file}:{brace[0]}:{brace[1]} is not closed" if brace else None
        return Diagnostic(f"unexpected end of file; expected {_expected(p, expected)}",
                          SourcePos(file, eline, ecol), hint=hint)
    assert isinstance(e, UnexpectedToken)
    tok = e.token
    expected = e.accepts or e.expected
    shown = str(tok) if len(str(tok)) <= 40 else str(tok)[:37] + "..."
    hint = None
    if "RBRACE" in expected and len(expected) <= 3:
        hint = "a '}' may be missing before this"
    end_col = (tok.end_column if getattr(tok, "end_line", None) == line else None)
    return Diagnostic(f"unexpected {shown!r}; expected {_expected(p, expected)}",
                      SourcePos(file, line, col, line, end_col), hint=hint)
