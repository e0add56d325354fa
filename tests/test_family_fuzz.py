"Fuzz: `family`'s quick test (`_may_number`) turns away only lines that no numbering pattern would read; a pattern added later that opens otherwise fails here."
import random
import litesearch.headings as H

WORDS = ['Part', 'PAR T', 'P A R T', 'Item', 'ITEM', 'item', 'Note', 'Article', 'ARTICLE', 'Annex', 'Schedule', 'Appendix', 'Exhibit',
         'Chapter', 'Title', 'Book', 'Section', 'Subsection', 'Subpart', 'Division', 'Strategy', 'Strategic Goal', 'Goal', 'KPI', 'ETA',
         'OASAM', 'Specific Objective', 'Table', 'Figure', 'Form', 'Level', 'The', 'Our', 'revenue', 'ſection', 'Artıcle']
NUMS = ['1', '7', '12', '1A', 'IV', 'XXXVIII', 'A', 'a', '1.', '1.2', '1.2.3.', '2.01', 'M.1.2', 'A.1', '#1', '(a)', '(iv)', '(12)',
        '10-K', '2014', '3.5mg', '']
SEPS = ['', ' ', ':', ' :', ' –', ' —', ' -', '.', ',', ' of', ' to']
TAILS = ['', ' Business', ' RISK FACTORS', ' Develop a plan', ' “Quoted”', ' (a) Scope', ' 12', ' of this report', ' and', ' x' * 12]

def line(rng):
    parts = [rng.choice(WORDS) if rng.random() < .7 else '', rng.choice(NUMS), rng.choice(SEPS), rng.choice(TAILS)]
    if rng.random() < .3: rng.shuffle(parts)
    lead = rng.choice(['', ' ', '\t', '  '])
    return lead + ' '.join(p for p in parts if p) + rng.choice(['', ' ', '\n'])

def test_quick_test_turns_away_no_numbered_line(monkeypatch):
    rng = random.Random(7)
    lines = [line(rng) for _ in range(20000)]
    fast = [H.family(t) for t in lines]
    monkeypatch.setattr(H, '_may_number', lambda t: True)
    slow = [H.family(t) for t in lines]
    missed = [(t, s) for t, f, s in zip(lines, fast, slow) if f != s]
    assert not missed, missed[:5]
    assert sum(f is not None for f in slow) > 5000, 'the generated lines hold many numbered headings'
