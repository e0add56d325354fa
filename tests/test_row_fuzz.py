"Fuzz: the quick tests in `_is_row` (a line's last character) and `_refs` (a last digit) turn away only lines the full patterns would not match; a pattern widened later without its quick test fails here."
import random, re
import litesearch.headings as H

CELLS = ['Net sales', 'Cash', 'Total', '$', '$ 6,076', '(1,234)', '12.5', '12.5%', '—', '–', '-', '(3)', '%', '2023', '1,207',
         'Item 7.', 'Business', 'Risk Factors .....', 'page', '٣', '²', 'x', '', ')', '(', ',', '.', '42']
ENDS = ['', ' ', '  ', '\t', '\n', '\xa0', ' \n']

def line(rng):
    return ' '.join(rng.choice(CELLS) for _ in range(rng.randint(1, 6))) + rng.choice(ENDS)

def test_row_quick_test_turns_away_no_row():
    rng = random.Random(5)
    lines = [line(rng) for _ in range(20000)]
    full = lambda t: len(re.findall(r'\d[\d,.]*|(?<!\w)[—–](?!\w)', t)) >= 2 and bool(H._VALUE_END.search(t))
    # the quick test's premise: a line ending in a value ends, spaces aside, in a digit or one of `_VALUE_LAST`
    ends = [t for t in lines if H._VALUE_END.search(t)]
    quick = lambda t: (c := t.rstrip()[-1:]).isdigit() or c in H._VALUE_LAST
    assert len(ends) > 3000 and all(map(quick, ends)), [t for t in ends if not quick(t)][:5]
    missed = [t for t in lines if H._is_row(t) != full(t)]
    assert not missed, missed[:5]
    assert sum(map(H._is_row, lines)) > 3000, 'the generated lines hold many rows'

def test_refs_quick_test_turns_away_no_entry():
    rng = random.Random(9)
    # `is_contents` hands `_refs` lines with their whitespace folded
    lines = [' '.join(line(rng).split()) for _ in range(20000)]
    hits = [l for l in lines if H._ENTRY.search(l)]
    assert len(hits) > 1000 and all(l[-1:].isdigit() for l in hits), [l for l in hits if not l[-1:].isdigit()][:5]
