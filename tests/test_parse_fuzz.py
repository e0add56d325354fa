"Fuzz: the text parsers take any string, and either return pages of strings or raise a ValueError that says what is wrong."
import json, random
import pytest
from litesearch.data import rst_parse, md_parse, text_parse, html_parse, xml_parse, tei_parse, ipynb_parse, conllu_parse, gretil_parse, _uncommented, _md_lines
from litesearch.structure import build_tree

BITS = ['```', '~~~', '---\n', '===\n', '- item', '1. item', '> quote', '| a | b |', '<', '>', '</', '<h1>', '</h1>', '<h2 class="x">', '<p>', '<div type="chapter" n="2">', '<head>', '</head>', '</div>',
        '<lg n="1.1">', '<l>', '</l>', '</lg>', '<table class="nav">', '</table>', '<div role="navigation">', '<li><p>', '<TEI xmlns="http://www.tei-c.org/ns/1.0">', '<text>', '<body>', '&amp;', '&#x41;',
        '&bogus;', '<![CDATA[x]]>', '<!-- c -->', '<script>', '</script>', '<?xml version="1.0"?>',
        '=====', '-----', '~~~~', '.. code::', '::', '    indented', 'Title', '\n', '\n\n', '\t', ' ',
        '# newdoc id = d1', '# sent_id = 1', '# text = Saturn moves.', '1\tSaturn\tsaturn\tPROPN\t_\t_\t2\tnsubj\t_\t_',
        '2-3\tdon\'t\t_\t_\t_\t_\t_\t_\t_\t_', '1\tonly', '# Header', '# Text', '/', '//', '||', '// MS_1.1 //', '|| 2.3 ||',
        '{', '}', '"cells"', '[', ']', ':', ',', 'धर्मक्षेत्रे', 'Ä', '\x00', '\x0b', '\ufeff', '"', "'", '#', '*']

def rand_text(rng):
    return ''.join(rng.choice(BITS) + (rng.choice(['', ' ', 'word ']) if rng.random() < .5 else '') for _ in range(rng.randint(0, 60)))

def ok_pages(pages):
    assert isinstance(pages, list)
    for p, t in pages: assert isinstance(p, int) and isinstance(t, str)
    build_tree(pages or [(0, '')], title='Doc')      # whatever a parser gives, a tree can be built from it
    return pages

@pytest.mark.parametrize('parse', [rst_parse, md_parse, text_parse, html_parse, xml_parse, tei_parse, ipynb_parse, conllu_parse, gretil_parse])
def test_parsers_take_any_text(parse):
    rng = random.Random(parse.__name__)
    for _ in range(300):
        s = rand_text(rng)
        try: ok_pages(parse(s))
        except ValueError as e: assert str(e), 'an error says what is wrong'

def test_ipynb_shapes():
    for nb in ['{}', '[]', '{"cells": {}}', '{"cells": [1, "x", null]}', '{"cells": [{"cell_type": "code"}]}',
               '{"cells": [{"cell_type": "markdown", "source": 5}]}', json.dumps(dict(cells=[dict(cell_type='raw', source=['x'])]))]:
        try: ok_pages(ipynb_parse(nb))
        except ValueError as e: assert 'notebook' in str(e)

def test_pdf_parse_damaged_pdfs():
    "Truncated and bit-flipped PDFs: pages of text, or a ValueError naming the problem; never another exception."
    import pymupdf, warnings
    from litesearch.data import pdf_parse
    doc = pymupdf.open()
    for i in range(3):
        pg = doc.new_page()
        for j, l in enumerate([f'CHAPTER {i + 1}', 'Saturn transits the twelfth house.', 'Article 5']): pg.insert_text((72, 72 + 16 * j), l)
    doc.set_toc([[1, 'CHAPTER 1', 1], [1, 'CHAPTER 2', 2], [2, 'Article 5', 2], [1, 'CHAPTER 3', 3]])
    good = doc.tobytes()
    assert len(pdf_parse(good)) == 3
    rng = random.Random(5)
    for k in range(120):
        b = bytearray(good)
        if k % 3 == 0: b = b[:rng.randint(0, len(b))]
        else:
            for _ in range(rng.randint(1, 40)): b[rng.randrange(len(b))] = rng.randrange(256)
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            try: ok_pages(pdf_parse(bytes(b)))
            except ValueError as e: assert 'PDF' in str(e), e

def test_md_parse_keeps_every_line():
    "Setext headings only fold a title's lines and its underline into one `#` line: every other line but an HTML comment's stays, in order."
    rng = random.Random(7)
    for _ in range(500):
        s = rand_text(rng)
        out = md_parse(s)[0][1].split('\n')
        src = s.split('\n')
        # comments go first (next test), front matter aside (its `---` closes it; none: the first line alone)
        end = next((k for k in range(1, len(src)) if src[k].strip() in ('---', '...')), 0) if src[0].strip() == '---' else -1
        src = src[:end + 1] + _uncommented(src[end + 1:])
        assert len(out) <= len(src)
        kept = iter(src)      # each output line is an input line, or a heading made of the lines it replaced
        for l in out:
            if l.startswith(('# ', '## ')) and l not in src: continue      # a title folded with its underline
            assert any(l == x for x in kept), (s, l)
        # and no line is lost: one not in the output is an underline, or part of a title made from it (its whitespace folded)
        titles = ' '.join(l for l in out if l.startswith(('# ', '## ')) and l not in src)
        for x in src:
            assert x in out or set(x.strip()) <= {'=', '-'} or ' '.join(x.split()) in titles, (s, x)

PLAIN = ['0. Definitions.', '1.1 Scope', '1.2 Use', '2. Grant of Copyright License. Subject to the terms', 'Section 3 -- Terms',
         'Section IV Fees', '(a) General', '(b) Special', 'IV. Scope', 'A. Annex', '17. Interpretation of Sections 15 and 16.',
         '3. Mouse Control\t\t\t*gui-mouse*', 'Closing a window', '----------------', '=' * 40, '<', '# a comment', '#\tNb 0x23',
         'tag\t\tchar\t\taction', 'It covers every copy.', '1. Unpack it.', '2. Run make.', '```', '\n', '\n\n', '  ', '\t', ':', '.']

def test_text_parse_keeps_every_word():
    "Plain text's titles are its own lines made headings (a run-in title split from its paragraph, an underline folded, a comment indented): every word stays, in order."
    import re
    rng = random.Random(13)
    for _ in range(500):
        s = ''.join(rng.choice(PLAIN) + rng.choice(['\n', '\n\n', ' ']) for _ in range(rng.randint(0, 40)))
        out = text_parse(s)[0][1]
        assert re.findall(r'\w+', out) == re.findall(r'\w+', s), s
        nodes = build_tree([(0, out)], title='Doc')
        assert all(n.title.strip() for n in nodes), s      # no heading without a title

LINES = ['Release 3.19.0 (11 Apr 2022)', '~' * 28, '=' * 12, '-' * 7, '```', '~~~ a run', '# a comment', 'Fixes.', 'Building it',
         '~' * 11, '* Memcheck:', '', '  indented', 'word', '* =========== CORE ===========']

def test_html_text_lines_keep_every_word():
    "A text set in HTML a line a `<br>` (DocBook's literallayout): underlines become headings and fences are escaped, and every word stays, in order, with no heading lacking a title."
    import re
    rng = random.Random(39)
    for _ in range(500):
        ls = [rng.choice(LINES) for _ in range(rng.randint(0, 30))]
        out = html_parse('<h1>NEWS</h1><div class="literallayout"><p>' + '<br>'.join(ls) + '</p></div>')[0][1]
        assert re.findall(r'\w+', out) == re.findall(r'\w+', 'NEWS ' + ' '.join(ls)), ls
        nodes = build_tree([(0, out)], title='Doc')
        assert all(n.title.strip() for n in nodes), ls
        assert not any(f for _, f in _md_lines(out)), ls      # no text made code

def test_xref_reader_takes_any_lines():
    "The cross-reference index reader and the page-number reader take any lines: a dict of Items and page ranges, an int or None."
    from litesearch.headings import xref_items, printed_offset
    rng = random.Random(11)
    words = ['Item 1.', 'Item 1A. Risk Factors', 'Item 7A', 'Pages 2-7, 18-19', 'Page 5', '12', 'Not applicable', 'ITEM 9B', '(a)',
             'Part II', 'Annual Report 41', '-', '', 'Item 99. x Pages 999-1', 'Pages 3-', 'Page', 'item 2 of this report']
    for _ in range(300):
        pages = [[rng.choice(words) for _ in range(rng.randint(0, 12))] for _ in range(rng.randint(0, 6))]
        got = xref_items(pages)
        assert isinstance(got, dict) and all(isinstance(r, list) and all(len(x) == 2 for x in r) for r in got.values())
        off = printed_offset(pages)
        assert off is None or isinstance(off, int)

def test_md_comments_lose_only_comments():
    "Markdown's HTML comments go and nothing else: every character outside a comment stays, in order (whitespace aside)."
    import re
    rng = random.Random(11)
    for _ in range(500):
        s = rand_text(rng) + '<!-- c ' + rand_text(rng) + ' -->' + rand_text(rng)
        src = s.split('\n')
        # what must stay: the text less every `<!-- ... -->` (a comment inside a code fence or span is kept, and more is fine)
        outside = re.sub(r'<!--.*?-->', '', s, flags=re.S)
        kept = iter(''.join('\n'.join(_uncommented(src)).split()))
        for c in ''.join(outside.split()): assert any(c == x for x in kept), (s, c)      # in order, whitespace aside
