"""Loading a scenario file of any kind: read it safely, read its header to
know its kind, parse it with that kind's grammar, build it, resolve its `use`
includes, validate it. Returns the document and every diagnostic; never
raises on bad input.

`use "PATH"` resolves relative to the including file (never leaving the
scenarios tree it lies in), then in the bundled rules library, so that a
scenario written anywhere can `use "rules/tenkatoitsu.tks"`. A used file is
of the using file's kind, or of a kind that kind borrows from
(`Kind.borrows`), which then reads and builds it. A saved game
carries the texts it was played with and hands them in as `embedded`."""

from __future__ import annotations

import contextlib
import gc
import hashlib
import re
import sys
from pathlib import Path
from typing import Any, Mapping

import attrs
from lark import Token
from lark.exceptions import VisitError

from tenkatoitsu import kinds
from tenkatoitsu.bundled import SCENARIOS_DIR
from tenkatoitsu.dsl.diagnostics import Diagnostic, DiagnosticError, SourcePos
from tenkatoitsu.dsl.frontmatter import read_header
from tenkatoitsu.dsl.parsing import parse, parser
from tenkatoitsu.dsl.source import decode, read_source, resolve_include, scenarios_root
from tenkatoitsu.kinds.contract import Kind

SUFFIX = ".tks"


@attrs.define
class LoadResult:
    document: Any | None
    diagnostics: list[Diagnostic]
    #: text of every file read, for rendering source lines under errors
    sources: dict[str, str]
    kind: Kind | None = None
    #: the main file's text, and each include's text by its `use` path
    text: str | None = None
    includes: dict[str, str] = attrs.field(factory=dict)

    @property
    def ok(self) -> bool:
        return self.document is not None and not any(d.is_error for d in self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]


@attrs.frozen
class ScenarioFile:
    """A loaded, valid scenario with what it was read from: what a game needs,
    and what a save embeds so that it replays from any folder."""

    kind: Kind
    document: Any
    path: str  # as the user gave it
    text: str
    includes: Mapping[str, str] = attrs.field(factory=dict)

    @property
    def sha256(self) -> str:
        return texts_digest(self.text, self.includes)


def texts_digest(text: str, includes: Mapping[str, str]) -> str:
    h = hashlib.sha256(text.encode("utf-8"))
    for name in sorted(includes):
        h.update(b"\0" + name.encode("utf-8") + b"\0" + includes[name].encode("utf-8"))
    return h.hexdigest()


def display_name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


# ---------------------------------------------------------------- bundled scenarios

def bundled() -> list[Path]:
    """The scenarios shipped with the engine (not the rules library)."""
    return sorted(SCENARIOS_DIR.glob(f"*{SUFFIX}"))


def find_scenario(ref: str | Path) -> Path:
    """A path as given when it names a file; else a bundled scenario by name
    (`yamazaki` or `yamazaki.tks`); else the path as given (reading it then
    says it is missing)."""
    path = Path(ref)
    if path.exists() or len(path.parts) != 1:
        return path
    name = path.name if path.suffix == SUFFIX else path.name + SUFFIX
    candidate = SCENARIOS_DIR / name
    return candidate if candidate.is_file() else path


# ---------------------------------------------------------------- the kind of a file

def kind_of(text: str, file: str, expected: Kind | None = None) -> tuple[Kind | None, list[Diagnostic]]:
    """The kind the file's header names (the default kind if none)."""
    header = read_header(text, file)
    if header.kind is None:
        return (expected or kinds.get(kinds.DEFAULT_KIND)), []
    try:
        kind = kinds.get(header.kind)
    except kinds.UnknownKind as e:
        return None, [Diagnostic(f"unknown kind '{header.kind}'", header.pos,
                                 hint=e.hint or f"kinds: {', '.join(kinds.names())}")]
    if expected is not None and kind is not expected:
        readable = (expected.name, *getattr(expected, "borrows", ()))
        return None, [Diagnostic(f"a file of kind '{kind.name}' cannot be used by a scenario of "
                                 f"kind '{expected.name}'", header.pos,
                                 hint=f"a {expected.name} scenario uses files of kind "
                                 + " or ".join(f"'{k}'" for k in readable))]
    return kind, []


@contextlib.contextmanager
def _no_cycle_collection():
    """Reading a file builds a million small objects and hardly a reference cycle;
    the cycle collector, run again and again over all of them, took half the
    time of checking a large file."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def parse_document(kind: Kind, text: str, file: str) -> tuple[Any | None, list[Diagnostic]]:
    """Text -> document without includes or cross-reference checks."""
    parser(kind.grammar)  # built (or read from its cache) first: building makes cycles
    with _no_cycle_collection():
        return _parse_document(kind, text, file)


def _parse_document(kind: Kind, text: str, file: str) -> tuple[Any | None, list[Diagnostic]]:
    tree, diags = parse(kind.grammar, text, file)
    if tree is None:
        return None, diags
    try:
        doc, built = kind.build(tree, file)
    except Exception as e:  # a builder bug must still not become a traceback for the author
        inner = e.orig_exc if isinstance(e, VisitError) else e
        if isinstance(inner, RecursionError):
            # the tree's depth is the author's doing, not a bug: a language may
            # nest without bound (`not not ... not`), and a builder recurses per level
            return None, diags + [Diagnostic(
                "the file nests too deeply to be read", SourcePos(file, 1, 1),
                hint="a condition with hundreds of 'not's? two of them cancel out")]
        too_long = _number_too_long(tree)
        if too_long is not None:
            # int() refuses more than sys.get_int_max_str_digits() digits
            return None, diags + [Diagnostic(
                "this number is too long", SourcePos(file, too_long.line, too_long.column))]
        return None, diags + [Diagnostic(f"internal error while reading the file: {inner!r}",
                                         SourcePos(file, 1, 1),
                                         hint="please report this with the file")]
    return doc, diags + built


def _number_too_long(tree):
    """The first number (or numbered label) with more digits than int()
    converts, if any."""
    digits = re.compile(r"\d{%d}" % (sys.get_int_max_str_digits() + 1))
    return next(tree.scan_values(lambda v: isinstance(v, Token) and not v.startswith('"')
                                 and digits.search(v) is not None), None)


# ---------------------------------------------------------------- loading

def load_text(text: str, path: str | Path = "<text>", *, validate_: bool = True,
              kind: Kind | None = None, embedded: Mapping[str, str] | None = None) -> LoadResult:
    """Load from text as if it were the file `path` (includes resolve beside it).
    `kind`: the kind a file without a header is read as."""
    path = Path(path)
    name = display_name(path) if str(path) != "<text>" else "<text>"
    return _load(text, path, name, validate_, kind, embedded)


def load_file(path: str | Path, *, validate_: bool = True, kind: Kind | None = None) -> LoadResult:
    path = Path(path)
    name = display_name(path)
    text, diags = read_source(path, name)
    if text is None:
        return LoadResult(None, diags, {})
    return _load(text, path, name, validate_, kind, None)


def load_bytes(data: bytes, path: str | Path = "<bytes>", *, kind: Kind | None = None) -> LoadResult:
    path = Path(path)
    text, diags = decode(data, str(path))
    if text is None:
        return LoadResult(None, diags, {})
    return _load(text, path, str(path), True, kind, None)


def _load(text: str, path: Path, name: str, validate_: bool, kind: Kind | None,
          embedded: Mapping[str, str] | None) -> LoadResult:
    sources = {name: text}
    # a file read as a given kind (an include, a kind's own loader): its header, if any, agrees
    kind, diags = kind_of(text, name, expected=kind)
    if kind is None:
        return LoadResult(None, diags, sources, text=text)
    doc, parsed = parse_document(kind, text, name)
    diags += parsed
    if doc is None:
        return LoadResult(None, diags, sources, kind, text)
    included, inc_texts, inc_diags = _resolve_uses(kind, doc, path, sources, embedded)
    diags += inc_diags
    doc, attached = kind.include(doc, included)
    diags += attached
    if validate_:
        # builders substitute harmless values for what they reported, so the
        # semantic checks still run and every error of the file comes at once
        try:
            diags += kind.validate(doc)
        except Exception as e:  # a validator bug must not become the author's traceback
            diags.append(Diagnostic(f"internal error while checking the file: {e!r}",
                                    SourcePos(name, 1, 1), hint="please report this with the file"))
    return LoadResult(doc, diags, sources, kind, text, inc_texts)


# parsed included files by (the kind that read them, path, mtime, size):
# documents are immutable, and a scenario and its variants, the CLI's several
# files and a benchmark all share the standard tables
_INCLUDE_CACHE: dict[tuple, tuple] = {}


def include_kind(kind: Kind, text: str, file: str) -> tuple[Kind | None, list[Diagnostic]]:
    """The kind a file that a file of `kind` uses is read as: the kind its
    header names when `kind` borrows from it (the optional `Kind.borrows`, a
    map taken from another kind's file), else `kind` itself: a file whose
    header names any other kind is refused."""
    borrows = getattr(kind, "borrows", ())
    if borrows:
        named = read_header(text, file).kind
        if named is not None:
            try:
                other = kinds.get(named)
            except kinds.UnknownKind:
                other = None  # kind_of reports it
            if other is not None and other is not kind and other.name in borrows:
                return other, []
    return kind_of(text, file, expected=kind)


def _read_include(kind: Kind, target: Path, name: str):
    try:
        st = target.stat()
        ident = (str(target), st.st_mtime_ns, st.st_size)
    except OSError:
        ident = None
    text, rd = read_source(target, name)
    if text is None:
        return None, None, rd
    reader, diags = include_kind(kind, text, name)
    if reader is None:
        return text, None, diags
    key = (reader.name, *ident) if ident is not None else None
    if key is not None and key in _INCLUDE_CACHE:
        return _INCLUDE_CACHE[key]
    inc, pd = parse_document(reader, text, name)
    result = (text, inc, pd)
    if key is not None and len(_INCLUDE_CACHE) < 64:
        _INCLUDE_CACHE[key] = result
    return result


def _parse_include(kind: Kind, text: str, name: str):
    reader, diags = include_kind(kind, text, name)
    if reader is None:
        return text, None, diags
    inc, pd = parse_document(reader, text, name)
    return text, inc, pd


def _locate(path: Path, use_path: str) -> tuple[Path | None, str | None]:
    """Beside the including file, else in the bundled rules library."""
    target, why = resolve_include(path, use_path, scenarios_root(path))
    if target is not None:
        return target, None
    if why and ("leads outside" in why or "absolute" in why or "empty" in why):
        return None, why  # never looked for elsewhere: the author asked to leave the tree
    bundled_target, _ = resolve_include(SCENARIOS_DIR / "scenario.tks", use_path, SCENARIOS_DIR)
    if bundled_target is not None:
        return bundled_target, None
    return None, why


def _resolve_uses(kind: Kind, doc, path: Path, sources: dict[str, str],
                  embedded: Mapping[str, str] | None):
    """Depth one, in order: the kind decides what an included file may hold."""
    out: list = []
    texts: dict[str, str] = {}
    diags: list[Diagnostic] = []
    for use in kind.uses(doc):
        if embedded is not None and use.path in embedded:
            inc_name = f"{use.path} (as saved)"
            text, inc, pd = _parse_include(kind, embedded[use.path], inc_name)
        else:
            target, why = _locate(path, use.path)
            if target is None:
                diags.append(Diagnostic(why, use.pos))
                continue
            if path.exists() and target == path.resolve():
                diags.append(Diagnostic(f"'{use.path}' includes itself (a cycle)", use.pos))
                continue
            inc_name = display_name(target)
            text, inc, pd = _read_include(kind, target, inc_name)
        diags += [attrs.evolve(d, included_from=(use.pos,)) for d in pd]
        if text is None or inc is None:
            continue
        sources[inc_name] = text
        texts[use.path] = text
        out.append((use, inc))
    return out, texts, diags


def load_scenario(ref: str | Path, *, embedded_text: str | None = None,
                  embedded: Mapping[str, str] | None = None) -> ScenarioFile:
    """A playable scenario, by path or bundled name, or DiagnosticError with
    every problem found. `embedded_text`: read this text as if it were the file."""
    path = find_scenario(ref) if embedded_text is None else Path(ref)
    if embedded_text is None:
        res = load_file(path)
    else:
        res = load_text(embedded_text, path, embedded=embedded)
    if not res.ok:
        raise DiagnosticError(res.errors or [Diagnostic(f"{ref}: cannot be read")])
    if not res.kind.is_scenario(res.document):
        raise DiagnosticError([Diagnostic(f"{ref}: is a rules file, not a scenario")])
    return ScenarioFile(res.kind, res.document, str(ref), res.text, dict(res.includes))
