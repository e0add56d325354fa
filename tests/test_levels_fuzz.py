"Fuzz: `levels` with type (issue 24's grammar plus type that outranks numbering) and `_indents` on random inputs: levels stay in range, type that is absent changes nothing, a holding heading is closed by its type or a division, indents rank left to right."
import random
from litesearch.headings import levels, _indents, _WORDS, _larger, _as_large

FAMS = [None, None, None, 'part', 'item', 'note', 'dec1', 'dec2', 'dec3', 'alpha', 'paren', 'roman', 'lone', 'chapter', 'article']
TYPES = [None, (9.0, False), (9.0, True), (10.0, True), (12.0, False), (12.0, True), (13.0, True), (14.0, True), (16.0, False), (16.0, True), (24.0, True)]

def rand_heads(rng):
    n = rng.randint(0, 40)
    return [(rng.choice(FAMS), rng.choice([0, 0.5, 1, 2, 3, 4, 11, 12])) for _ in range(n)], [rng.choice(TYPES) for _ in range(n)]

def test_levels_with_types_stay_well_formed():
    rng = random.Random(35)
    for _ in range(3000):
        heads, types = rand_heads(rng)
        d = rng.randint(1, 6)
        lv = levels(heads, d, types=types)
        assert len(lv) == len(heads) and all(1 <= x <= d for x in lv), (heads, types, lv)
        # no type known: numbering alone, as without types
        assert levels(heads, d, types=[None] * len(heads)) == levels(heads, d)
        # the front matter (before the first numbered heading) is leveled as without types
        first = next((k for k, (f, _) in enumerate(heads) if f), len(heads))
        assert lv[:first] == levels(heads, d)[:first]

def test_a_division_or_as_large_a_type_closes_a_holding_heading():
    big, small = (16.0, True), (12.0, True)
    # a section set larger than the goal before it holds the next goal, until a section in its type or a division comes
    heads = [('dec1', 2), (None, 1), ('dec1', 2), (None, 1), ('dec1', 2), ('part', 2), ('dec1', 2)]
    types = [small, big, small, big, small, small, small]
    assert levels(heads, types=types) == [1, 1, 2, 1, 2, 1, 2]
    assert _larger(big, small) and not _larger(small, big) and not _larger((16.0, False), small)
    assert _as_large((12.2, True), small) and not _as_large((12.0, False), small)

def test_indents_rank_left_to_right():
    rng = random.Random(7)
    for _ in range(2000):
        xs = [round(rng.choice([54, 72, 84, 96, 108, 306]) + rng.uniform(-1, 1), 1) for _ in range(rng.randint(0, 12))]
        r = _indents(xs)
        if not r: continue
        assert set(r) == set(xs) and 1 <= max(r.values()) <= 2 and max(xs) - min(xs) <= 72 and r[xs[0]] == 0
        assert all(r[a] <= r[b] for a in xs for b in xs if a <= b), (xs, r)
