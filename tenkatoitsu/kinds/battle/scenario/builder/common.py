"""What several sections of a scenario file write alike: notes and the
`source` of a table, hex ids and unit positions, spans (turn sets, table rows,
victory leads), orders [5.2] and chit marks [19.4.2]. Every section's builder
starts from `CommonRules`."""

from __future__ import annotations

from lark import Token

from tenkatoitsu.dsl.builder import DocumentBuilder, Tagged, unquote
from tenkatoitsu.dsl.diagnostics import did_you_mean
from tenkatoitsu.kinds.battle.scenario import model as m

ORDERS = {o.value: o for o in m.Order}
SOURCE_KINDS = ("printed", "reconstruction")


class CommonRules(DocumentBuilder):
    def order(self, tok: Token) -> m.Order:
        word = str(tok)
        if word not in ORDERS:
            self.error(f"unknown order '{word}' (the four Orders are attack, defense, movement, "
                       "regroup [5.2])", tok, did_you_mean(word, ORDERS))
            return m.Order.DEFENSE
        return ORDERS[word]

    CHIT_MARKS = ("vanguard", "rearguard")

    def chit_mark(self, tok):
        word = str(tok)
        if word not in self.CHIT_MARKS:
            self.error(f"unknown chit mark '{word}' (vanguard or rearguard [19.4.2])", tok,
                       did_you_mean(word, self.CHIT_MARKS))
        return word

    def note(self, meta, ch):
        return Tagged("note", m.Note(unquote(ch[0]), self.pos(meta)), self.pos(meta))

    def source(self, meta, ch):
        kind = str(ch[0])
        if kind not in SOURCE_KINDS:
            self.error(f"a source is 'printed' or 'reconstruction', not '{kind}'", ch[0],
                       did_you_mean(kind, SOURCE_KINDS))
        text = unquote(ch[1]) if len(ch) > 1 else None
        return Tagged("source", m.Source(kind, text, self.pos(meta)), self.pos(meta))

    def src(self, items, meta):
        it = self.once(items, "source", "'source'", meta)
        return it.value if it else None

    def hex_ref(self, meta, ch):
        return (self.hex(ch[0]), self.pos(ch[0]))

    def hex_rect(self, meta, ch):
        return (m.HexRect(self.hex(ch[0]), self.hex(ch[1])), self.pos(meta))

    def hex_set(self, meta, ch):
        return ch  # list of (item, pos)

    def on_map(self, meta, ch):
        return ch[0]

    def off_map(self, meta, ch):
        return (None, self.pos(meta))

    def span_closed(self, meta, ch):
        lo, hi = int(str(ch[0])), int(str(ch[1]))
        if hi < lo:
            self.error(f"the range {lo}..{hi} is empty", meta)
        return m.Span(lo, hi)

    def span_below(self, meta, ch):
        return m.Span(None, int(str(ch[0])))

    def span_above(self, meta, ch):
        return m.Span(int(str(ch[0])), None)

    def span_one(self, meta, ch):
        v = int(str(ch[0]))
        return m.Span(v, v)
