"""Comments kept through `fmt`, for every kind's printer. A printer emits
its canonical lines as (depth, text, source line or None); `weave` puts the
original's comments and paragraph breaks back among them: a comment on its
own line goes before the first printed statement from a later source line;
a comment after a statement stays at the end of that statement's line; a
blank line before a statement or its comments stays."""

from __future__ import annotations

from pathlib import Path

from tenkatoitsu.dsl.parsing import comments

INDENT = "  "
Line = tuple[int, str, "int | None"]


def weave(lines: list[Line], original: str, grammar: str | Path, *,
          body_before_close: bool = False, top_before_unplaced_first: bool = False) -> str:
    """The printed lines with the comments of `original` (read by `grammar`'s
    own lexer). `body_before_close`: a comment before a closing brace is
    indented as the block's body. `top_before_unplaced_first`: a first line
    with no source (a `version` the file lacks) comes after the comments at
    the top of the file."""
    # lark numbers lines by '\n' alone; splitlines() also breaks at \x0b, \x0c,
    # \x1c-\x1e, \x85, \u2028... and would shift every comment after such a character
    src_lines = original.split("\n")
    blank = {i for i, text in enumerate(src_lines, 1) if not text.strip()}
    # a comment after code that printed nothing of its own line (the continuation
    # of a statement written over several lines) stands alone before the next
    # statement, rather than at the end of the file
    printed = {src for _, _, src in lines if src is not None}
    alone: list[tuple[int, str]] = []
    trailing: dict[int, str] = {}
    for tok in comments(grammar, original):
        before = src_lines[tok.line - 1][: tok.column - 1]
        if before.strip() and tok.line in printed:
            trailing[tok.line] = str(tok).rstrip()
        else:
            alone.append((tok.line, str(tok).rstrip()))
    out: list[str] = []
    used: set[int] = set()
    ci = 0

    def paragraph(line_no: int) -> None:
        if line_no - 1 in blank and out and out[-1] != "":
            out.append("")

    for i, (depth, text, src) in enumerate(lines):
        inner = depth + 1 if body_before_close and text == "}" else depth
        upto = src
        if top_before_unplaced_first and i == 0 and src is None and len(lines) > 1:
            upto = lines[1][2]
        while upto is not None and ci < len(alone) and alone[ci][0] < upto:
            paragraph(alone[ci][0])
            out.append(INDENT * inner + alone[ci][1])
            ci += 1
        if src is not None and text != "}":
            paragraph(src)
        shown = INDENT * depth + text
        # `}  # end of the map` keeps its comment there too (it went to the end of the file)
        if src is not None and src in trailing and src not in used:
            shown += "  " + trailing[src]
            used.add(src)
        out.append(shown)
    out += [text for _, text in alone[ci:]]
    # after something that printed nothing of its own
    out += [text for ln, text in trailing.items() if ln not in used]
    return "\n".join(out) + "\n"
