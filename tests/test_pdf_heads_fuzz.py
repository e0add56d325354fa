"Fuzz: PDFs of random layouts (headings of every family, captions, letter-spaced and code lines, contents pages, two columns, outlines) parse without an error, keep every word of their paragraphs, find only headings printed on their pages, and build well-formed trees (1,000 more seeds were run by hand in session 36: none failed)."
import random, re
import pytest
pymupdf = pytest.importorskip('pymupdf')
from litesearch.data import pdf_parse
from litesearch.structure import build_tree

HEADS = ['Article {n}', 'CHAPTER {r}', 'PART {r}', 'Item {n}A. Risk Factors', '{n}.{m} Study design', '{n}. Results', 'Section {n}', 'ANNEX {r}',
         'Note {n} - Revenue', 'Goal {n}: Protect the public', '(a) Scope', 'A. Overview', 'Table of Contents', 'Exhibit {n}.{m}', 'Summary of Challenge',
         'SUI GENERIS RIGHT', 'Threshold for taxable persons making supplies of goods covered by', 'Article {n}(1)(d) of Directive 77/388/EEC as regards',
         'CONSOLIDATED BALANCE SHEETS', 'Three Months Ended April 30, 2023', 'install-strategy', 'fs.readFile(path)', 'ACF', 'Industry Partners',
         'Programs (OFCCP) :', 'Stakeholder(s):', '\u25bcM29', 'BLANK (DO NOT REMOVE)', '{n}', 'Page {n}']
FONTS = ['helv', 'hebo', 'heit', 'cour', 'cobo', 'tiro', 'tibo']
ROMAN = ['I', 'II', 'III', 'IV', 'V']

def letters(n):
    "`n` spelled in letters (no digits: a line differing from another only in its digits reads as a running header)."
    s = ''
    while True:
        s = chr(97 + n % 26) + s; n //= 26
        if not n: return s

def para(rng, k):
    "A paragraph whose every word is found in it alone: `qz<paragraph>x<word>`, in letters."
    return ' '.join(f'qz{letters(k)}x{letters(j)}' for j in range(rng.randint(8, 40)))

def spaced(pg, x, y, text, size, font):
    for w in text.split():
        for ch in w: pg.insert_text((x, y), ch, fontsize=size, fontname=font); x += pymupdf.get_text_length(ch, font, size) + 2.0
        x += 6.0

def random_pdf(rng):
    doc, words, toc = pymupdf.open(), [], []
    for p in range(rng.randint(1, 4)):
        pg, y, k = doc.new_page(), 60.0, 0
        cols = [(72, 290), (320, 540)] if rng.random() < 0.2 else [(72, 540)]
        for x0, x1 in cols:
            y = 60.0
            while y < 720:
                r = rng.random()
                if r < 0.35:
                    t = rng.choice(HEADS).format(n=rng.randint(1, 60), m=rng.randint(1, 9), r=rng.choice(ROMAN))
                    size, font = rng.choice([7, 8, 9, 9.5, 10, 11, 12, 14, 16]), rng.choice(FONTS)
                    if rng.random() < 0.1: spaced(pg, x0 + rng.choice([0, 40, 120]), y, t, size, font)
                    else: pg.insert_text((x0 + rng.choice([0, 0, 20, 120]), y), t, fontsize=size, fontname=font)
                    if rng.random() < 0.2: toc.append([rng.randint(1, 3), t, p + 1])
                    y += size * rng.choice([1.1, 1.6, 2.4])
                elif r < 0.45:      # a contents line
                    pg.insert_text((x0 + rng.choice([0, 12, 24]), y), f'{rng.choice(HEADS).format(n=3, m=1, r="II")} ........ {rng.randint(1, 99)}', fontsize=9, fontname='helv'); y += 12
                else:
                    t = para(rng, 1000 * p + len(words)); words.append(t)
                    size = rng.choice([8, 9, 9, 10])
                    rect = pymupdf.Rect(x0, y, x1, y + 200)
                    left = pg.insert_textbox(rect, t, fontsize=size, fontname=rng.choice(['helv', 'tiro', 'cour']))
                    if left < 0: words.pop(); break        # did not fit: not written (insert_textbox writes nothing)
                    y += 200 - left + size
                k += 1
    if toc and rng.random() < 0.5:
        toc[0][0] = 1
        for a, b in zip(toc, toc[1:]): b[0] = min(b[0], a[0] + 1)
        doc.set_toc(toc)
    return doc.tobytes(), words

@pytest.mark.parametrize('seed', range(40))
def test_random_pdf_layouts(seed):
    rng = random.Random(seed)
    data, paras = random_pdf(rng)
    raw = [re.sub(r'\s+', '', pg.get_text()) for pg in pymupdf.open(stream=data)]
    for outline in (True, False):
        pages = pdf_parse(data, outline=outline)
        text = '\n'.join(t for _, t in pages)
        got = set(re.findall(r'qz[a-z]+x[a-z]+', text))
        lost = [w for t in paras for w in t.split() if w not in got]
        assert not lost, (seed, outline, lost[:10])
        if not outline:     # found from the text alone, every heading is printed on its page (an outline may title one)
            for p, t in pages:
                for h in (re.sub(r'\s+', '', l.lstrip('#')) for l in t.split('\n') if l.startswith('#')):
                    assert h in raw[p], (seed, p, h)
        nodes = build_tree(pages, title='Doc')
        assert nodes[0].parent is None and all(n.parent is not None and n.parent < i for i, n in enumerate(nodes) if i)
        assert all(0 <= n.page_start <= n.page_end for n in nodes[1:])
