"""Loading a `.tks` file: read safely, parse, build, resolve `use` includes,
validate. Returns the document and every diagnostic; never raises on bad input."""

from __future__ import annotations

from pathlib import Path

import attrs

from tenkatoitsu.battle import model as m
from tenkatoitsu.battle.build import Builder
from tenkatoitsu.dsl.diagnostics import Diagnostic, DiagnosticError, SourcePos
from tenkatoitsu.dsl.parsing import parse
from tenkatoitsu.dsl.source import decode, read_source, resolve_include, scenarios_root


@attrs.define
class LoadResult:
    document: m.Document | None
    diagnostics: list[Diagnostic]
    #: text of every file read, for rendering source lines under errors
    sources: dict[str, str]

    @property
    def ok(self) -> bool:
        return self.document is not None and not any(d.is_error for d in self.diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]


def display_name(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)


def parse_document(text: str, file: str) -> tuple[m.Document | None, list[Diagnostic]]:
    """Text -> document without includes or cross-reference checks."""
    tree, diags = parse("tenkatoitsu", text, file)
    if tree is None:
        return None, diags
    builder = Builder(file)
    try:
        doc = builder.transform(tree)
    except Exception as e:  # a builder bug must still not become a traceback for the author
        from lark.exceptions import VisitError

        inner = e.orig_exc if isinstance(e, VisitError) else e
        if isinstance(inner, RecursionError):
            # the tree's depth is the author's doing, not a bug: only `not not
            # ... not` can nest without bound, and the builder recurses per level
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
    return doc, diags + builder.diags


def _number_too_long(tree):
    """The first INT or row label with more digits than int() converts, if any."""
    import re
    import sys

    from lark import Token

    digits = re.compile(r"\d{%d}" % (sys.get_int_max_str_digits() + 1))
    return next(tree.scan_values(lambda v: isinstance(v, Token) and v.type in ("INT", "ROW_LABEL")
                                 and digits.search(v) is not None), None)


def load_text(text: str, path: str | Path = "<text>", *, validate_: bool = True) -> LoadResult:
    """Load from text as if it were the file `path` (includes resolve beside it)."""
    path = Path(path)
    name = display_name(path) if str(path) != "<text>" else "<text>"
    return _load(text, path, name, validate_)


def load_file(path: str | Path, *, validate_: bool = True) -> LoadResult:
    path = Path(path)
    name = display_name(path)
    text, diags = read_source(path, name)
    if text is None:
        return LoadResult(None, diags, {})
    return _load(text, path, name, validate_)


def load_bytes(data: bytes, path: str | Path = "<bytes>") -> LoadResult:
    path = Path(path)
    text, diags = decode(data, str(path))
    if text is None:
        return LoadResult(None, diags, {})
    return _load(text, path, str(path), True)


def _load(text: str, path: Path, name: str, validate_: bool) -> LoadResult:
    sources = {name: text}
    doc, diags = parse_document(text, name)
    if doc is None:
        return LoadResult(None, diags, sources)
    included, inc_diags = _resolve_uses(doc, path, scenarios_root(path), sources, (), (path.resolve(),))
    diags += inc_diags
    if isinstance(doc, m.Scenario):
        doc = attrs.evolve(doc, included=tuple(included))
    elif doc.library is not None and included:
        diags.append(Diagnostic("a rules file cannot `use` other files", doc.pos))
    if validate_:
        # the builder substitutes harmless values for what it reported, so the
        # semantic checks still run and every error of the file comes at once
        from tenkatoitsu.battle.validate import validate

        try:
            diags += validate(doc)
        except Exception as e:  # a validator bug must not become the author's traceback
            diags.append(Diagnostic(f"internal error while checking the file: {e!r}",
                                    SourcePos(name, 1, 1), hint="please report this with the file"))
    return LoadResult(doc, diags, sources)


# parsed `rules` files by (path, mtime, size): documents are immutable, and a
# scenario and its variants, the CLI's several files and a benchmark all share
# the standard tables
_INCLUDE_CACHE: dict[tuple, tuple] = {}


def _read_include(target: Path, name: str):
    try:
        st = target.stat()
        key = (str(target), st.st_mtime_ns, st.st_size)
    except OSError:
        key = None
    if key is not None and key in _INCLUDE_CACHE:
        return _INCLUDE_CACHE[key]
    text, rd = read_source(target, name)
    if text is None:
        result = (None, None, rd)
    else:
        inc, pd = parse_document(text, name)
        result = (text, inc, pd)
    if key is not None and len(_INCLUDE_CACHE) < 64:
        _INCLUDE_CACHE[key] = result
    return result


def _resolve_uses(doc, path: Path, root: Path, sources: dict[str, str],
                  chain: tuple[SourcePos, ...], seen: tuple[Path, ...]):
    """Depth-first, in order; a rules file may not include further files."""
    out: list[m.RulesDoc] = []
    diags: list[Diagnostic] = []
    uses = doc.uses if isinstance(doc, m.Scenario) else ()
    for use in uses:
        target, why = resolve_include(path, use.path, root)
        if target is None:
            diags.append(Diagnostic(why, use.pos, included_from=chain))
            continue
        if target in seen:
            diags.append(Diagnostic(f"'{use.path}' includes itself (a cycle)", use.pos,
                                    included_from=chain))
            continue
        inc_name = display_name(target)
        text, inc, pd = _read_include(target, inc_name)
        diags += [attrs.evolve(d, included_from=chain + (use.pos,)) for d in pd]
        if text is None or inc is None:
            continue
        sources[inc_name] = text
        if not isinstance(inc, m.RulesDoc):
            diags.append(Diagnostic(f"'{use.path}' is a scenario; only `rules` files can be used",
                                    use.pos, included_from=chain))
            continue
        out.append(inc)
    return out, diags


def load_scenario(path: str | Path) -> m.Scenario:
    """Load a scenario or raise DiagnosticError with every problem found."""
    res = load_file(path)
    if not res.ok or not isinstance(res.document, m.Scenario):
        diags = res.errors or [Diagnostic(f"{path}: is a rules file, not a scenario")]
        raise DiagnosticError(diags)
    return res.document
