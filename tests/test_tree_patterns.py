"Regressions for the tree patterns of issue 24, each on a small constructed input: PDFs built here, or `_Line`s as pdf_parse sees them."
import pymupdf, pytest
from litesearch.data import pdf_parse, _Line, _render, _font_heads, _wrapped
from litesearch.structure import build_tree, TreeNode
from litesearch.ingest import _node_chunks
from litesearch.headings import plan_heads, not_heading, strip_markers

PARA = ('We design, manufacture and market smartphones, personal computers, tablets, wearables and accessories, and sell '
        'a variety of related services. The Company also operates retail stores and an online store in many markets. ') * 2

def make_pdf(pages):
    "A PDF from `[[(text, fontsize, bold)]]` per page; a str item is a paragraph wrapped into a 300pt box."
    doc = pymupdf.open()
    for items in pages:
        pg, y = doc.new_page(), 60
        for it in items:
            if isinstance(it, str):
                pg.insert_textbox(pymupdf.Rect(72, y, 400, y + 200), it, fontsize=9, fontname='helv'); y += 11 * (len(it) // 60 + 2)
            else:
                text, size, bold = it
                pg.insert_text((72, y + size), text, fontsize=size, fontname='hebo' if bold else 'helv'); y += size * 2.2
    return doc.tobytes()

def tree_of(pages):
    nodes = build_tree(pdf_parse(make_pdf(pages)))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    return nodes, {n.title: path(n) for n in nodes[1:]}

H = lambda t: (t, 9, True)        # a heading set in bold body type, as filings set them

@pytest.fixture(scope='module')
def tenk():
    return tree_of([
        [('UNITED STATES SECURITIES AND EXCHANGE COMMISSION', 14, True), ('FORM 10-K', 14, True), PARA],
        [H('TABLE OF CONTENTS'), H('PART I'), ('Item 1. Business 3', 9, False), ('Item 1A. Risk Factors 4', 9, False),
         H('PART II'), ('Item 7. Managements Discussion and Analysis 5', 9, False), ('Item 8. Financial Statements 6', 9, False)],
        [H('PART I'), H('Item 1. Business'), PARA, H('General'), PARA, H('Competition'), PARA],
        [H('Item 1A. Risk Factors'), PARA, H('Three Months Ended April 30, 2023'), H('Change'), ('Net sales 1,234 1,100 12%', 9, False),
         ('Cost of sales 800 700 14%', 9, False), PARA],
        [H('PART II'), H('Item 7. Managements Discussion and Analysis'), PARA, H('Overview'), PARA],
        [H('Item 8. Financial Statements'), ('CONSOLIDATED BALANCE SHEETS', 9, False), ('Total assets 9,999 8,888', 9, False), PARA,
         H('Notes to Consolidated Financial Statements'), H('Note 1 - Summary of Significant Accounting Policies'), PARA, H('Note 2 - Revenue'), PARA]])

def test_cover_line_is_no_root(tenk):
    "Everything hung under the cover line `FORM 10-K`, and `Item 1. Business` was a sibling of its own `General`, `Competition`."
    nodes, path = tenk
    assert path['Item 1. Business'] == ['PART I', 'Item 1. Business']
    assert path['Competition'] == ['PART I', 'Item 1. Business', 'Competition']
    assert path['General'][:-1] == path['Competition'][:-1]
    assert all('FORM 10-K' not in p for t, p in path.items() if t.startswith(('PART', 'Item', 'Note', 'CONSOLIDATED')))
    assert path['FORM 10-K'] == ['FORM 10-K']
    assert max(len(n.children) for n in nodes) < 60

def test_contents_lines_are_no_nodes(tenk):
    "Contents pages became one-page `PART I`…`PART IV` nodes, with the real Parts their siblings later."
    nodes, path = tenk
    assert [n.title for n in nodes if n.title.startswith('PART')] == ['PART I', 'PART II']
    assert all(n.page_start != 1 for n in nodes if n.title.startswith(('PART', 'Item')))
    assert not any(n.title.endswith((' 3', ' 4', ' 5', ' 6')) for n in nodes)

def test_items_nest_under_parts(tenk):
    nodes, path = tenk
    for t in ['Item 1A. Risk Factors', 'Item 7. Managements Discussion and Analysis', 'Item 8. Financial Statements']:
        assert len(path[t]) == 2 and path[t][0].startswith('PART'), path[t]
    assert path['Item 7. Managements Discussion and Analysis'][0] == 'PART II'

def test_statements_and_notes_are_nodes(tenk):
    nodes, path = tenk
    assert path['CONSOLIDATED BALANCE SHEETS'] == ['PART II', 'Item 8. Financial Statements', 'CONSOLIDATED BALANCE SHEETS']
    assert path['Note 2 - Revenue'][:2] == ['PART II', 'Item 8. Financial Statements']
    assert 'Notes to Consolidated Financial Statements' in path

def test_table_headers_are_no_headings(tenk):
    "Table column headers became headings (`Change`, `Three Months Ended April 30, 2023`); layout notes too."
    nodes, path = tenk
    assert 'Change' not in path and 'Three Months Ended April 30, 2023' not in path
    for t in ['Change', 'Three Months Ended April 30, 2023', '(In Millions) Q2 2023 Q2 2022', 'BLANK (DO NOT REMOVE)']: assert not_heading(t), t

def test_part_and_item_lines_split():
    "A 77-page 10-Q came out as 4 nodes: `PART I.` and `ITEM 1. FINANCIAL STATEMENTS` merged, and Items in body type were missed."
    pages = [[H('PART I.'), H('ITEM 1. FINANCIAL STATEMENTS'), ('Condensed Consolidated Balance Sheets', 9, True), ('Cash 6,076 5,464', 9, False), PARA]]
    pages += [[('Item 2. Managements Discussion and Analysis', 9, False), PARA, PARA]]     # an Item set in body type
    pages += [[H('PART II.'), H('ITEM 1. LEGAL PROCEEDINGS'), PARA], [H('ITEM 1A. RISK FACTORS'), PARA]]
    nodes, path = tree_of(pages)
    assert path['ITEM 1. FINANCIAL STATEMENTS'] == ['PART I.', 'ITEM 1. FINANCIAL STATEMENTS']
    assert path['Item 2. Managements Discussion and Analysis'] == ['PART I.', 'Item 2. Managements Discussion and Analysis']
    assert path['ITEM 1A. RISK FACTORS'] == ['PART II.', 'ITEM 1A. RISK FACTORS']
    assert path['Condensed Consolidated Balance Sheets'][-2] == 'ITEM 1. FINANCIAL STATEMENTS'

def L(text, size=9.0, bold=False, blk=0, full=False): return _Line(text, size, bold, 570 if full else 200, 18, 580, blk)

def test_contents_line_with_glued_page_is_no_heading():
    "A heading `COVENANTS 5961` (a contents line, its page numbers glued on) spanned pages 74–181."
    prose = [L('The Borrower shall maintain its existence and pay its taxes when due, and deliver financial statements', blk=9, full=True)] * 4
    flat = [[L('ARTICLE V. REPRESENTATIONS AND WARRANTIES 5557', 9, True, 0), L('ARTICLE VI. COVENANTS 5961', 9, True, 1), *prose],
            [L('ARTICLE V. REPRESENTATIONS AND WARRANTIES', 9, True, 0), *prose], [L('ARTICLE VI. COVENANTS', 9, True, 0), *prose]]
    got = [(lv, t) for _, lv, t in plan_heads(flat, _font_heads(flat), [_wrapped(ls) for ls in flat])]
    assert got == [(1, 'ARTICLE V. REPRESENTATIONS AND WARRANTIES'), (1, 'ARTICLE VI. COVENANTS')], got

def test_change_markers_stripped():
    "EU change markers stayed in titles and text (`ANNEX III ▼M29 LIST OF…`, `▼B`, `▼M18`)."
    blocks = [[_Line('ANNEX III ▼M29 LIST OF AREAS', 12, True, 300, 0, 500, head=(1, 'ANNEX III ▼M29 LIST OF AREAS')),
               _Line('▼B', 9, False, 40, 0, 500), _Line('The areas ►M3 listed ◄ here.', 9, False, 200, 0, 500)]]
    out = _render(blocks)
    assert out.split('\n') == ['# ANNEX III LIST OF AREAS', 'The areas listed here.'], out
    assert strip_markers('▼M18') == '' and strip_markers('Article 5 ▼B') == 'Article 5'

def test_page_join_keeps_numbers_whole():
    "A page join split a number: `$0.\\n\\n22 to $0.23`."
    nd = TreeNode(1, 'Dividends', 1, 0, 4, 5, segments=[(4, 'The quarterly dividend rose from $0.'), (5, '22 to $0.23 per share.')])
    text = ' '.join(t for _, t in _node_chunks(nd))
    assert '$0.22 to $0.23' in text, text
    nd = TreeNode(1, 'Years', 1, 0, 4, 5, segments=[(4, 'Revenue grew in 2022.'), (5, '2023 was flat.')])
    assert '2022.\n\n2023' in ' '.join(t for _, t in _node_chunks(nd))

def test_items_by_standard_title():
    "A 10-K printing only the Items' standard titles (no `Item 7.` over the body) had no Item nodes; contents lines stay out."
    nodes, path = tree_of([
        [('UNITED STATES SECURITIES AND EXCHANGE COMMISSION', 14, True), ('FORM 10-K', 14, True), PARA],
        [H('TABLE OF CONTENTS'), ('Item 1. Business 3', 9, False), ('Item 1A. Risk Factors 4', 9, False), ('Item 2. Properties 5', 9, False),
         ('Item 7. Management’s Discussion and Analysis 6', 9, False), ('Item 8. Financial Statements and Supplementary Data 7', 9, False)],
        [H('PART I'), H('BUSINESS'), PARA, H('Competition'), PARA],
        [H('RISK FACTORS'), PARA], [H('PROPERTIES'), PARA],
        [H('PART II'), H("MANAGEMENT'S DISCUSSION AND ANALYSIS OF FINANCIAL CONDITION AND RESULTS OF OPERATIONS"), PARA],
        [H('FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA'), PARA]])
    assert path['Item 1. BUSINESS'] == ['PART I', 'Item 1. BUSINESS']
    assert path['Competition'] == ['PART I', 'Item 1. BUSINESS', 'Competition']
    assert path['Item 2. PROPERTIES'] == ['PART I', 'Item 2. PROPERTIES']
    assert path['Item 8. FINANCIAL STATEMENTS AND SUPPLEMENTARY DATA'][0] == 'PART II'
    assert all(n.page_start != 1 for n in nodes[1:] if n.title.startswith('Item'))

def _xref_10k(index_lines):
    "A 10-K in its own order, printed page numbers at the foot of each page, and `index_lines` on its last page."
    folio = lambda n: (str(n), 8, False)
    return [[('UNITED STATES SECURITIES AND EXCHANGE COMMISSION', 14, True), ('FORM 10-K', 14, True), PARA],
            [H('Our Business'), PARA, folio(1)], [H('Risk Factors'), PARA, folio(2)], [PARA, folio(3)],
            [H('Financial Statements'), PARA, folio(4)], [H('Legal Matters'), PARA, folio(5)],
            [H('Form 10-K Cross-Reference Index'), *[(t, 9, False) for t in index_lines], folio(6)]]

XREF = ['Item 1. Business Page 1', 'Item 1A. Risk Factors Pages 2-3', 'Item 2. Properties Not applicable', 'Item 3. Legal Proceedings Page 5',
        "Item 7. Management's Discussion and Analysis Page 1", 'Item 8. Financial Statements and Supplementary Data Pages 4-5']

def test_items_from_cross_reference_index():
    "A 10-K laid out in its own order names its Items only in a cross-reference index at the back: Intel's had 5 of 9 Items as nodes."
    nodes, path = tree_of(_xref_10k(XREF))
    items = sorted(t for t in path if t.startswith('Item'))
    assert items == ['Item 1. Our Business', 'Item 1A. Risk Factors', 'Item 3. Legal Matters', 'Item 8. Financial Statements'], items
    # the same lines in page order are a contents page: nothing is named from them, and the tree is the same tree but for the names
    ordered = sorted(XREF, key=lambda t: int(t.rsplit(' ', 1)[-1].split('-')[0]) if t[-1].isdigit() else 0)
    plain, path0 = tree_of(_xref_10k(ordered))
    assert 'Risk Factors' in path0 and not any(t.startswith('Item') for t in path0)
    bare = lambda p: [t.split('. ', 1)[1] if t.startswith('Item') else t for t in p]
    assert sorted(map(bare, path.values())) == sorted(path0.values())
    assert [(n.page_start, n.page_end) for n in nodes] == [(n.page_start, n.page_end) for n in plain]

def test_bare_chapter_numbers_hold_their_sections():
    "A manual numbering chapters without a dot (`2 Utilities`) over sections `2.1`: the chapters hung under the title, their sections above them."
    nodes, path = tree_of([[('Libtasn1', 20, True), PARA], [('1 Introduction', 14, True), PARA],
                           [('2 ASN.1 structure handling', 14, True), PARA, ('2.1 ASN.1 syntax', 12, True), PARA, ('2.2 Naming', 12, True), PARA],
                           [('3 Utilities', 14, True), PARA, ('3.1 Invoking the parser', 12, True), PARA],
                           [('Appendix A Copying Information', 14, True), PARA, ('A.1 GNU Free Documentation License', 12, True), PARA]])
    assert path['2.1 ASN.1 syntax'][-2:] == ['2 ASN.1 structure handling', '2.1 ASN.1 syntax'], path
    assert path['3.1 Invoking the parser'][-2:] == ['3 Utilities', '3.1 Invoking the parser']
    assert path['A.1 GNU Free Documentation License'][-2:] == ['Appendix A Copying Information', 'A.1 GNU Free Documentation License']
    assert len({len(path[t]) for t in ('1 Introduction', '2 ASN.1 structure handling', '3 Utilities', 'Appendix A Copying Information')}) == 1

def test_continued_title_is_one_section():
    "FedEx printed `NOTES TO CONSOLIDATED FINANCIAL STATEMENTS` over each of 30 pages of notes: 31 nested nodes of that name."
    notes = [[('FedEx Corporation Annual Report', 20, True), PARA]] + [[H(f'Section {k}'), PARA, PARA] for k in range(1, 9)]
    notes += [[H('NOTES TO CONSOLIDATED FINANCIAL STATEMENTS'), H('NOTE 1: DESCRIPTION OF BUSINESS'), PARA]]
    notes += [[H('NOTES TO CONSOLIDATED FINANCIAL STATEMENTS'), PARA, H(f'NOTE {k}: {t}'), PARA] for k, t in ((2, 'LEASES'), (3, 'DEBT'), (4, 'TAXES'))]
    nodes, path = tree_of(notes)
    assert [n.title for n in nodes].count('NOTES TO CONSOLIDATED FINANCIAL STATEMENTS') == 1, [n.title for n in nodes]
    assert path['NOTE 4: TAXES'][:-1] == path['NOTE 1: DESCRIPTION OF BUSINESS'][:-1]
    # two audit reports titled alike on facing pages stay two sections
    reports = notes[:9] + [[H('Report of Independent Registered Public Accounting Firm'), H(t), PARA] for t in ('Opinion on the Financial Statements', 'Opinion on Internal Control')]
    nodes, _ = tree_of(reports)
    assert [n.title for n in nodes].count('Report of Independent Registered Public Accounting Firm') == 2, [n.title for n in nodes]

def test_lone_appendix_closes_the_body():
    "A protocol's one `APPENDIX 1: SCHEDULE OF EVENTS` hung under `11.2 Institutional Review Board`, five levels down."
    nodes, path = tree_of([[('Natural History Protocol', 20, True), PARA], [('1 Introduction', 14, True), PARA, ('1.1 Background', 12, True), PARA],
                           [('11 Ethics', 14, True), PARA, ('11.1 Consent', 12, True), PARA, ('11.2 Institutional Review Board', 12, True), PARA],
                           [('APPENDIX 1: SCHEDULE OF EVENTS', 14, True), PARA], [('12 REFERENCES', 14, True), PARA]])
    assert len(path['APPENDIX 1: SCHEDULE OF EVENTS']) == len(path['11 Ethics']) == len(path['12 REFERENCES']), path
    assert '11.2 Institutional Review Board' not in path['APPENDIX 1: SCHEDULE OF EVENTS']

def test_exhibit_paragraphs_in_larger_type_are_no_headings():
    "eBay's 10-K carries a compensation plan set larger than the filing: each `(1) Any Person is or becomes ...` stood as a heading."
    doc = pymupdf.open()
    for k in range(6):      # the filing, in its 9 pt body
        pg = doc.new_page(); pg.insert_text((72, 60), f'Item {k + 1}. Business {k + 1}', fontsize=9, fontname='hebo')
        pg.insert_textbox(pymupdf.Rect(72, 80, 520, 760), PARA * 6, fontsize=9, fontname='helv')
    pg, y = doc.new_page(), 60     # the exhibit, in 11 pt: a section title, then numbered paragraphs
    pg.insert_text((72, y), '3.1 Elections to Defer Compensation', fontsize=11, fontname='helv'); y += 30
    for k in range(1, 9):        # a page's worth (1,000+ characters) of its own body
        pg.insert_textbox(pymupdf.Rect(72, y, 520, y + 120), f'({k}) A Participant may elect to defer Compensation for a Plan Year by filing with '
                          'the Administrator a Deferral Election Form before the first day of the Plan Year to which it applies.', fontsize=11, fontname='helv')
        y += 75
    titles = [n.title for n in build_tree(pdf_parse(doc.tobytes()))]
    assert '3.1 Elections to Defer Compensation' in titles, titles
    assert not any(t.startswith('(') for t in titles), titles

def test_numbered_outline_chapter_is_no_title():
    "An outline whose `2.` holds most entries: read as the document's name, its sections moved up beside the chapters."
    doc = pymupdf.open()
    toc, titles = [], [(1, '1. Introduction'), (2, '1.1. Version'), (1, '2. Unified system')] + [(2, f'2.{k}. Part {k} of the system') for k in range(1, 7)] + [(1, '3. Contributors')]
    for k, (lvl, t) in enumerate(titles):
        pg = doc.new_page()
        pg.insert_text((72, 80), t, fontsize=16 if lvl == 1 else 13, fontname='hebo')
        pg.insert_textbox(pymupdf.Rect(72, 100, 400, 300), PARA, fontsize=9, fontname='helv')
        toc.append([lvl, t, k + 1])
    doc.set_toc(toc)
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    got = {n.title: path(n) for n in nodes[1:]}
    assert got['2.3. Part 3 of the system'] == ['2. Unified system', '2.3. Part 3 of the system'], got
    assert got['3. Contributors'] == ['3. Contributors'] and got['1.1. Version'] == ['1. Introduction', '1.1. Version']

def test_standard_titles_need_a_filing():
    "The same titles in a document whose cover names no Form 10-K stay type-ranked sections, unrenamed."
    nodes, path = tree_of([[('ANNUAL REVIEW', 14, True), PARA], [H('BUSINESS'), PARA, H('RISK FACTORS'), PARA, H('PROPERTIES'), PARA]])
    assert {'BUSINESS', 'RISK FACTORS', 'PROPERTIES'} <= set(path) and not any(t.startswith('Item') for t in path)

def test_wrapped_sentence_is_no_heading():
    "A bold sentence cut by the line break (function word last, lowercase first word) opened a section."
    nodes, path = tree_of([[H('Liquidity and Capital Resources'), PARA, H('We expect to fund our operations and capital needs from'),
                            H('cash on hand and from operating cash flows'), PARA, H('Outlook'), PARA]])
    assert 'Liquidity and Capital Resources' in path and 'Outlook' in path
    assert not any(t.startswith(('We expect', 'cash on hand')) for t in path)

def test_cells_and_fields_are_no_headings():
    "Bold column headers side by side (a table's cells) and the value under a `LABEL:` line opened sections; the headings around them stay."
    doc = pymupdf.open()
    pg = doc.new_page()
    pg.insert_text((72, 70), 'Strategy 1.02: Engage the workforce', fontsize=12, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, 80, 500, 160), PARA, fontsize=9, fontname='helv')
    for x, t in ((72, 'Measure'), (200, 'FY 2016 Results'), (330, 'FY 2017 Results')): pg.insert_text((x, 180), t, fontsize=12, fontname='hebo')
    pg.insert_text((72, 200), 'Percent of staff trained 61% 64% 70%', fontsize=9, fontname='helv')
    pg.insert_text((72, 240), 'PERFORMANCE MEASURE:', fontsize=12, fontname='hebo')
    pg.insert_text((72, 256), 'Percent of hiring managers involved in recruiting', fontsize=12, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, 266, 500, 346), PARA, fontsize=9, fontname='helv')
    pg.insert_text((72, 370), 'Strategy 1.03: Provide learning opportunities', fontsize=12, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, 380, 500, 460), PARA, fontsize=9, fontname='helv')
    titles = [n.title for n in build_tree(pdf_parse(doc.tobytes()))[1:]]
    assert titles == ['Strategy 1.02: Engage the workforce', 'Strategy 1.03: Provide learning opportunities'], titles

def test_bookmarks_that_are_no_headings():
    "An outline none of whose entries is printed (a file's part names, one a page) made a flat tree of `Part01`, `Part02`; the type's headings win."
    doc = pymupdf.open(stream=make_pdf([[('Mission', 16, True), PARA], [('Strategic Goals', 16, True), PARA, H('Goal 1 Hire the Best'), PARA]]))
    doc.set_toc([[1, 'APR_Part01', 1], [1, 'APR_Part02', 2]])
    titles = [n.title for n in build_tree(pdf_parse(doc.tobytes()))[1:]]
    assert 'Mission' in titles and 'Strategic Goals' in titles and not any(t.startswith('APR_') for t in titles), titles

def test_deep_html_headings_keep_their_depth(tmp_path):
    "An API page nests `h5` Examples under `h4` methods: held at four levels, every Examples section was its method's sibling, the method's name lost."
    from litesearch import database
    meth = lambda n: f'<h4>pub fn {n}(&mut self)</h4><p>What {n} does to the vector.</p><h5>Examples</h5><pre>v.{n}();</pre>'
    f = tmp_path/'struct.Vec.html'
    f.write_text(f'<html><body><main><h1>Struct Vec</h1><p>A growable array.</p><h2>Implementations</h2><h3>impl Vec</h3>'
                 f'{meth("dedup")}{meth("retain")}</main></body></html>')
    db = database()
    db.add_file(f)
    crumbs = [s['breadcrumb'] for s in db.sections('v.retain()', limit=3)]
    assert crumbs[0].endswith('Struct Vec › Implementations › impl Vec › pub fn retain(&mut self) › Examples'), crumbs

def test_underlined_titles_in_text_files(tmp_path):
    "A NEWS file underlines each release's title with `=` (a setext heading): read as text alone it was one flat section."
    from litesearch import database
    rel = lambda v, fix: f"What's New in IDLE {v}\nReleased on 2024-10-0{v[-1]}\n=========================\n\n{fix}\nPatch by Terry Reedy.\n\n"
    f = tmp_path/'NEWS.txt'
    f.write_text(rel('3.13.0', 'gh-120083: Add an explicit black Hovertip foreground.') + rel('3.12.1', 'gh-112939: Fix quitting on macOS.')
                 + 'Notes\n-----\nOlder releases are in NEWS2.txt.\n')
    db = database()
    db.add_file(f)
    titles = [s['title'] for t in db.toc(depth=3) for s in t['sections']]
    assert titles == ["What's New in IDLE 3.13.0 Released on 2024-10-00", "What's New in IDLE 3.12.1 Released on 2024-10-01"], titles
    assert db.sections('quitting on macOS', limit=1)[0]['title'].startswith("What's New in IDLE 3.12.1")

def test_numbered_titles_in_plain_text(tmp_path):
    "A licence's `0. Definitions.` ... and a help file's `3.1 Moving Cursor` numbered its plain-text sections: read as one flat section, a hit in section 8 answered `LICENSE`."
    from litesearch import database
    sec = lambda n, t, body: f"  {n}. {t}\n\n  {body}\n\n"
    text = ('                    GENERAL LICENSE\n\n  TERMS AND CONDITIONS\n\n' + sec(0, 'Definitions.', '"This License" refers to version 3.')
            + sec(1, 'Source Code.', 'The source code is the preferred form for making modifications.')
            + '  1.1 Scope\n\n  It covers every copy.\n\n  1.2 Corresponding Source\n\n  It includes the scripts used to install it.\n\n'
            + '  2. Basic Permissions. All rights granted under this License are granted for the term of copyright.\n\n'
            + '  To build it:\n\n  1. Unpack it.\n\n  2. Run make.\n\n'
            + sec(8, 'Termination.', 'You may not propagate a covered work except as expressly provided under this License.'))
    f = tmp_path/'LICENSE'       # no extension: read as a .txt file
    f.write_text(text)
    db = database()
    db.add_file(f)
    toc = db.toc(depth=3)[0]['sections']
    assert [s['title'] for s in toc] == ['0. Definitions.', '1. Source Code.', '2. Basic Permissions.', '8. Termination.'], toc
    assert [c['title'] for c in toc[1]['sections']] == ['1.1 Scope', '1.2 Corresponding Source'], toc[1]
    assert db.sections('propagate a covered work', limit=1)[0]['title'] == '8. Termination.'
    assert 'Run make' in db.read(toc[2]['node_id'])['text']       # a list's items stay text of their section

def test_windows_line_ends(tmp_path):
    "A text file saved on Windows ends its lines in \\r\\n: its underlines (`-----\\r`) were no underlines, and the file one flat section."
    from litesearch import database
    f = tmp_path/'notes.md'
    f.write_bytes(b'Install\r\n=======\r\n\r\nRun the installer.\r\n\r\nUsage\r\n-----\r\n\r\nCall it with a path.\r\n')
    db = database()
    db.add_file(f)
    toc = db.toc(depth=3)[0]['sections']
    assert [s['title'] for s in toc] == ['Install'] and [c['title'] for c in toc[0]['sections']] == ['Usage'], toc
    assert '\r' not in db.read(toc[0]['sections'][0]['node_id'])['text']

def test_one_page_without_headings_is_the_document(tmp_path):
    "A command's usage example (one page, no heading) was one section titled `Pages 1–1`: every breadcrumb of a folder of them read `describe-instances › Pages 1–1`."
    from litesearch import database
    f = tmp_path/'describe-instances.rst'
    f.write_text('**To list running instances with a tag**\n\nThe following example lists the instances tagged Owner=TeamA. ::\n\n    aws ec2 describe-instances --filters Name=tag:Owner,Values=TeamA\n')
    db = database()
    db.add_file(f)
    s = db.sections('instances tagged Owner', limit=1)[0]
    assert (s['title'], s['breadcrumb']) == ('describe-instances', 'describe-instances'), s
    assert 'Pages' not in str(db.toc())

def test_word_of_a_chart_is_no_contents_entry():
    "The 2017 OPM report's org chart box `Performance` took the contents entry `Performance Details`, and the sections after hung under it."
    heads = ['Message from the Director', 'Overview', 'Organizational Structure', 'Summary of Results', 'Performance Details', 'Appendix']
    contents = [('Contents', 16, True)] + [(f'{t} . . . . . . . . . . . . {k + 3}', 10, False) for k, t in enumerate(heads)]
    chart = [('Employee Services', 9, False), ('Performance', 9, False), ('Management', 9, False), ('ORGANIZATIONAL STRUCTURE', 16, True), PARA]
    body = [[(h.upper(), 16, True), PARA] for h in heads]
    body[2] = chart
    body[4] += [('Strategy 1.01: Recruit', 12, True), PARA]
    nodes, path = tree_of([[('Annual Performance Report', 24, True)], contents] + body)
    assert 'Performance' not in path, path
    assert len(path['PERFORMANCE DETAILS']) == len(path['ORGANIZATIONAL STRUCTURE']) == len(path['SUMMARY OF RESULTS']), path

def test_cover_lines_hold_no_section():
    "McDonald's 10-K hung `Item 1. ABOUT McDONALD'S` under its cover line `Washington, DC 20549`, set larger than any heading after it."
    nodes, path = tree_of([[('UNITED STATES SECURITIES AND EXCHANGE COMMISSION', 16, True), ('Washington, DC 20549', 13, True), ('FORM 10-K', 13, True), PARA],
                           [('FORWARD-LOOKING STATEMENTS', 11, True), PARA, ('ABOUT THE COMPANY', 11, True), PARA, ('Business Summary', 9, True), PARA],
                           [('RISK FACTORS', 11, True), PARA, ('Item 7. Management Discussion', 11, True), PARA]])
    assert path['Item 7. Management Discussion'] == ['Item 7. Management Discussion'], path
    assert path['Business Summary'] == ['ABOUT THE COMPANY', 'Business Summary'], path
    assert all(len(path[t]) == 1 for t in ('UNITED STATES SECURITIES AND EXCHANGE COMMISSION', 'FORM 10-K', 'FORWARD-LOOKING STATEMENTS')), path

def test_contents_entry_found_on_its_page():
    "The 2017 OPM report's numbered list of management challenges, a page after its contents, took the entries of the sections 13 pages on."
    folio = lambda n: (f'Annual Report {n}', 8, False)
    heads = ['Message from the Director', 'Overview', 'Management Challenges', '1. Federal health insurance', '2. Data security', 'Appendix']
    contents = [('Contents', 16, True)] + [(f'{t} . . . . . . . . . . . . {k + 3}', 10, False) for k, t in enumerate(heads)]
    nodes, path = tree_of([[('Annual Performance Report', 24, True)], contents,
                           [('Message from the Director', 16, True), PARA, ('1. Federal health insurance', 9, False), PARA, ('2. Data security', 9, False), PARA, folio(3)],
                           [('Overview', 16, True), PARA, folio(4)], [('Management Challenges', 16, True), PARA, folio(5)],
                           [('1. Federal health insurance', 13, True), PARA, folio(6)], [('2. Data security', 13, True), PARA, folio(7)],
                           [('Appendix', 16, True), PARA, folio(8)]])
    assert [n.page_start for n in nodes if n.title == '1. Federal health insurance'] == [5], [(n.title, n.page_start) for n in nodes]
    assert path['Overview'] == ['Overview'] and path['Management Challenges'] == ['Management Challenges'], path

def test_colon_labels_head_a_form_style_protocol():
    "Labels ending in a colon, set alone, head an ethics protocol's sections; with a value beside them they are a form's fields."
    PROSE = 'Participants are approached by the clinical team and given the information sheet a week before they decide. ' * 2
    nodes, paths = tree_of([[H('Introduction:'), PROSE, H('Study aim(s):'), PROSE], [H('Consent:'), PROSE, H('Possible harms:'), PROSE]])
    assert [n.title for n in nodes[1:]] == ['Introduction:', 'Study aim(s):', 'Consent:', 'Possible harms:']
    assert nodes[3].page_start == 1
    doc = pymupdf.open(); pg = doc.new_page()
    for k, (f, v) in enumerate([('Operator:', 'Willis O Forman'), ('Sponsor:', 'Qianfoshan Hospital'), ('Phone:', '555 0100')]):
        pg.insert_text((72, 80 + 40 * k), f, fontsize=9, fontname='hebo'); pg.insert_text((220, 80 + 40 * k), v, fontsize=9, fontname='helv')
    pg.insert_textbox(pymupdf.Rect(72, 220, 400, 420), PROSE, fontsize=9, fontname='helv')
    assert len(build_tree(pdf_parse(doc.tobytes()))) == 1      # the fields head nothing: the document is one section

def test_outline_entry_below_a_full_width_row_is_found():
    "A protocol's 14-point `Primary outcome measure:` below its schedule table's last full-width 11-point row, in one block, was read as that row's continuation: its outline entry opened at the page's top and took the table's rows."
    doc = pymupdf.open(); doc.new_page(); doc.new_page()
    doc[0].insert_text((72, 80), 'Schedule of events', fontsize=14, fontname='hebo')
    doc[0].insert_textbox(pymupdf.Rect(72, 100, 520, 300), 'TIME POINT 1 2 3 4 5 6 7 8 9 10 (6 MONTHS) Hospital identification X ' * 3, fontsize=11, fontname='helv')
    doc[1].insert_htmlbox(pymupdf.Rect(72, 60, 520, 400),
                          "<p style='font-size:11pt;margin:0'>Consent X Interview X Demographic data X Transcription X Analysis X Dissemination X</p>"
                          "<p style='font-size:14pt;font-weight:bold;margin:0'>Primary outcome measure:</p>"
                          "<p style='font-size:11pt;margin:0'>Enablers of successful day-case surgery pathways.</p>")
    doc.set_toc([[1, 'Schedule of events', 1], [2, 'Primary outcome measure:', 2]])
    text = pdf_parse(doc.tobytes())[1][1]
    assert text.startswith('Consent X Interview') and '\n## Primary outcome measure:\nEnablers' in text, text     # the row stays in the schedule's section

def test_outline_entry_without_its_printed_number():
    "An outline listing `Naming` for the heading printed `2.2 Naming` mid-page opened the section at the page's top, taking the end of `2.1` with it."
    doc = pymupdf.open()
    pg = doc.new_page()
    pg.insert_text((72, 80), '2.1 ASN.1 syntax', fontsize=14, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, 100, 400, 300), 'Syntax opening words. ' + PARA, fontsize=9, fontname='helv')
    pg = doc.new_page()
    pg.insert_textbox(pymupdf.Rect(72, 60, 400, 200), 'Syntax closing words. ' + PARA, fontsize=9, fontname='helv')
    pg.insert_text((72, 260), '2.2 Naming', fontsize=14, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, 280, 400, 480), 'Naming opening words. ' + PARA, fontsize=9, fontname='helv')
    doc.set_toc([[1, 'ASN.1 syntax', 1], [1, 'Naming', 2]])
    pages = pdf_parse(doc.tobytes())
    nodes = build_tree(pages)
    got = {n.title: n for n in nodes[1:]}
    assert list(got) == ['2.1 ASN.1 syntax', '2.2 Naming'], list(got)
    text = '\n'.join(t for _, t in pages)
    naming = text[text.index('2.2 Naming'):]
    assert 'Syntax closing words' in text[:text.index('2.2 Naming')] and 'Syntax closing words' not in naming
    assert got['2.1 ASN.1 syntax'].page_end == 1 and got['2.2 Naming'].page_start == 1

def test_outline_entry_on_its_heading_not_a_paragraph_before_it():
    "An entry `Goodwill` was placed on a paragraph's line `Goodwill is tested ...` above its heading, which then opened mid-paragraph."
    doc = pymupdf.open()
    pg = doc.new_page()
    pg.insert_text((72, 80), 'Acquisitions', fontsize=14, fontname='hebo')
    pg.insert_text((72, 110), 'Goodwill is tested for impairment each year. Acquisitions closing words.', fontsize=9, fontname='helv')
    pg.insert_text((72, 160), 'Goodwill', fontsize=14, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, 180, 400, 380), 'Goodwill opening words. ' + PARA, fontsize=9, fontname='helv')
    doc.set_toc([[1, 'Acquisitions', 1], [1, 'Goodwill', 1]])
    text = '\n'.join(t for _, t in pdf_parse(doc.tobytes()))
    assert '# Goodwill\nGoodwill opening words' in text and '# Goodwill is tested' not in text, text[:300]

def test_headings_below_a_shallow_outline(tmp_path):
    "An agency plan's outline lists its goals, not the objectives printed under each in smaller type: every objective's text was its goal's, one section for many pages."
    from litesearch import database
    doc = pymupdf.open()
    for goal, objs in (('Strategic Goal 1: Safety', ('Objective 1.1 Safe roads', 'Objective 1.2 Safe rails')),
                       ('Strategic Goal 2: Access', ('Objective 2.1 Rural airports', 'Objective 2.2 Transit fares'))):
        pg, y = doc.new_page(), 60
        pg.insert_text((72, y + 16), goal, fontsize=16, fontname='hebo'); y += 40
        for o in objs:
            pg.insert_text((72, y + 12), o, fontsize=12, fontname='hebo'); y += 28
            pg.insert_textbox(pymupdf.Rect(72, y, 400, y + 120), f'Progress on {o.split(" ", 2)[2].lower()} this year. ' + PARA, fontsize=9, fontname='helv'); y += 130
    # the outline's type, not in it, after a goal the outline lists nothing under: a heading it stops above (since session 41;
    # before, text of the objective before it)
    pg.insert_text((72, y + 16), 'Data Sources', fontsize=16, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, y + 30, 400, y + 150), 'Each measure is reported by its program office. ' + PARA, fontsize=9, fontname='helv')
    doc.set_toc([[1, 'Strategic Goal 1: Safety', 1], [1, 'Strategic Goal 2: Access', 2]])
    f = tmp_path/'plan.pdf'
    f.write_bytes(doc.tobytes())
    db = database()
    db.add_file(f)
    toc = db.toc(depth=3)[0]['sections']
    assert [s['title'] for s in toc] == ['Strategic Goal 1: Safety', 'Strategic Goal 2: Access'], toc
    assert [[c['title'] for c in s['sections']] for s in toc] == [['Objective 1.1 Safe roads', 'Objective 1.2 Safe rails'],
                                                                  ['Objective 2.1 Rural airports', 'Objective 2.2 Transit fares', 'Data Sources']], toc
    assert db.sections('progress on rural airports', limit=1)[0]['title'] == 'Objective 2.1 Rural airports'
    assert 'Data Sources' not in db.read(toc[1]['sections'][1]['node_id'])['text']

def test_one_numbered_chapter_holds_its_sections():
    "A manual's chapter printed as a file of its own (`13. BBV ...` over `13.1. Overview`): one number was no family, so its sections stood beside it."
    nodes, paths = tree_of([[('13. BBV: a block vector tool', 18, True), PARA, ('13.1. Overview', 14, True), PARA],
                            [('13.2. Using it', 14, True), PARA, ('13.3. Options', 14, True), PARA]])
    assert paths['13.1. Overview'] == ['13. BBV: a block vector tool', '13.1. Overview'], paths
    assert paths['13.3. Options'] == ['13. BBV: a block vector tool', '13.3. Options'], paths

@pytest.mark.parametrize('chapter, titles, text', [
    # an API reference titles its sections by the names it documents: read as a sentence's lowercase piece, they were body text
    ('Buffer', ['buf.length', 'buf.fill(value[, offset])'], 'e.g. the bytes below'),
    # a CLI reference titles each option by its flag: read as a list's dash, every option was body text
    ('Command-line options', ['--watch', '-p, --print "script"'], '- a list item set bold')])
def test_code_titles(chapter, titles, text):
    "Names in code and command-line options are titles under their chapter; a sentence's piece and a list's item stay text."
    nodes, paths = tree_of([[(chapter, 18, True), PARA, (titles[0], 14, True), PARA], [(titles[1], 14, True), PARA, (text, 14, True), PARA]])
    assert [paths.get(t) for t in titles] == [[chapter, t] for t in titles], paths
    assert text not in paths, paths

def test_labelled_numbers_set_off_by_a_dash_or_colon():
    "OPM's 2014 report writes `Strategy: 1.01 - ...`, `Strategy 2.01 – ...`, `Strategy 3.02: ...` in its results tables' type: read as unnumbered, strategies and tables were 65 siblings."
    def strategy(head, table): return [(head, 13, True), PARA, (table, 13, True), PARA]
    # (the base-14 fonts these test PDFs are set in print an en dash as a dot; notebook 03 reads `–` and `—` too)
    nodes, paths = tree_of([[('Strategic Goal 1: Attract talent', 16, True), PARA, *strategy('Strategy: 1.01 - Deploy agile recruitment', 'FY 2014 Results Table 1.01A')],
                            [*strategy('Strategy 1.02 - Create a work environment', 'FY 2014 Results Table 1.02A')],
                            [('Strategic Goal 2: Serve customers', 16, True), PARA, *strategy('Strategy 2.01: Develop a service plan', 'FY 2014 Results Table 2.01A')]])
    assert paths['FY 2014 Results Table 1.02A'] == ['Strategic Goal 1: Attract talent', 'Strategy 1.02 - Create a work environment', 'FY 2014 Results Table 1.02A'], paths
    assert paths['Strategy 2.01: Develop a service plan'] == ['Strategic Goal 2: Serve customers', 'Strategy 2.01: Develop a service plan'], paths

def test_a_wrapped_run_in_label_is_no_heading():
    "OPM's 2017 report lists its planning steps as `4. Selecting performance measures and` (bold) over `setting targets to gauge progress:` (bold) `The agency ...` (plain): the bold first line became a top-level heading ending on `and`; a list of agencies names each over two bold lines, the colon in plain type."
    doc = pymupdf.open(); pg = doc.new_page()
    pg.insert_text((72, 72), 'Our Performance Management Approach', fontsize=14, fontname='hebo')
    pg.insert_textbox(pymupdf.Rect(72, 90, 400, 200), PARA, fontsize=9, fontname='helv')
    y = 220
    for first, label, rest, x in [('1. Developing the four-year', 'Strategic Plan:', ' Every four years the agency plans.', 90),
                                  ('4. Selecting performance measures and', 'setting targets to gauge progress:', ' The agency develops measures.', 90),
                                  # a list of lead agencies: each name over two lines, the colon after it in plain type (agency reports of 2022)
                                  ('Bureau of Oceans and International', 'Environmental and Scientific Affairs', ' : DOS Lead Agency', 72)]:
        pg.insert_text((72, y), first, fontsize=9, fontname='hebo')
        pg.insert_text((x, y + 11), label, fontsize=9, fontname='hebo')
        pg.insert_text((x + pymupdf.get_text_length(label, 'hebo', 9), y + 11), rest, fontsize=9, fontname='helv')
        y += 40
    pg.insert_textbox(pymupdf.Rect(72, y, 400, y + 200), PARA, fontsize=9, fontname='helv')
    titles = [n.title for n in build_tree(pdf_parse(doc.tobytes()))[1:]]
    assert titles == ['Our Performance Management Approach'], titles

def test_bookmarks_take_their_pages_printed_titles():
    "Intel's 2020 10-K bookmarks `MD&A/ Products Mock-up V1` and `Consol Overview` where its pages print `Management's Discussion and Analysis` and `Consolidated Results of Operations`: the bookmark's name was the node's title."
    doc = pymupdf.open(stream=make_pdf([[('UNITED STATES SECURITIES AND EXCHANGE COMMISSION', 14, False), PARA],
                                 [("Management's Discussion and Analysis", 18, False), PARA, PARA],
                                 [('Consolidated Results of Operations', 14, False), PARA, PARA],
                                 [('Financial Statements', 14, False), PARA, PARA]]))
    doc.set_toc([[1, 'Cover Page', 1], [1, 'MD&A/ Products Mock-up V1', 2], [2, 'Consol Overview', 3], [1, 'Financial Statements', 4]])
    nodes = build_tree(pdf_parse(doc.tobytes()))
    titles = [n.title for n in nodes[1:]]
    assert titles == ['Cover Page', "Management's Discussion and Analysis", 'Consolidated Results of Operations', 'Financial Statements'], titles
    assert nodes[3].parent == 2      # the outline's depths kept

def test_sections_set_larger_hold_numbered_goals():
    "An agency's report sets `PERFORMANCE DETAILS` in 16-point bold over goals numbered `Strategic Goal 1:` in 12: it hung under the summary's last goal."
    nodes, path = tree_of([[('Annual Performance Report', 22, True), PARA],
                           [('Priority Goal 1: Hire the best', 12, True), PARA],
                           [('SUMMARY OF PERFORMANCE RESULTS', 16, True), PARA, ('Strategic Goal 1: Attract a diverse workforce', 12, True), PARA,
                            ('Strategic Goal 2: Serve our customers', 12, True), PARA],
                           [('PERFORMANCE DETAILS', 16, True), PARA, ('Strategic Goal 1: Attract and engage a diverse workforce', 12, True), PARA,
                            ('Overview', 16, False), PARA, ('Strategic Goal 2: Provide timely service', 12, True), PARA],
                           [('APPENDIX', 16, True), PARA]])
    assert len(path['PERFORMANCE DETAILS']) == len(path['SUMMARY OF PERFORMANCE RESULTS']) == len(path['APPENDIX']), path
    assert path['Strategic Goal 2: Serve our customers'][-2] == 'SUMMARY OF PERFORMANCE RESULTS', path
    assert path['Strategic Goal 2: Provide timely service'][-2] == 'PERFORMANCE DETAILS', path
    # larger but lighter: a goal's `Overview` in 16-point regular stays under its goal
    assert path['Overview'][-2] == 'Strategic Goal 1: Attract and engage a diverse workforce', path

def _contents_and_sections(doc, entries, first=2):
    "A contents page listing `entries` `(title, indent rank)` onto `doc`, then a page per entry headed by its title, numbered from `first`."
    pg = doc.new_page()
    pg.insert_text((72, 80), 'Table of Contents', fontsize=14, fontname='hebo')
    for k, (t, r) in enumerate(entries):
        pg.insert_text((72 + 12 * r, 110 + 16 * k), f'{t} {"." * 40} {k + first}', fontsize=11, fontname='helv')
    for k, (t, _) in enumerate(entries):
        pg = doc.new_page()
        pg.insert_text((72, 80), t, fontsize=12, fontname='hebo')
        pg.insert_textbox(pymupdf.Rect(72, 100, 400, 300), PARA, fontsize=9, fontname='helv')
        pg.insert_text((300, 800), str(k + first), fontsize=9, fontname='helv')
    return doc

def test_contents_indents_rank_its_entries():
    "A protocol indents `Participant Identification:` under `Exclusion Criteria` in its contents and sets both alike in the body: they stood as siblings."
    entries = [('Methods', 0), ('Participant identification', 1), ('Recruitment', 1), ('Data management', 0), ('Data storage', 1), ('References', 0)]
    nodes = build_tree(pdf_parse(_contents_and_sections(pymupdf.open(), entries).tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    got = {n.title: path(n) for n in nodes[1:]}
    assert got['Participant identification'][-2:] == ['Methods', 'Participant identification'], got
    assert got['Data storage'][-2] == 'Data management' and len(got['References']) == len(got['Methods']), got

def test_bold_code_lines_head_their_descriptions():
    "npm's manual printed to PDF sets each option (`save`, `install-strategy`) in bold code smaller than its text, and `How npm install uses package-lock.json` with code in it: neither was a heading."
    doc = pymupdf.open()
    text = 'Save installed packages to the package file as dependencies. ' * 4
    for title, opts in (('Configuration', ('save', 'save-exact', 'install-strategy')), ('Description', ())):
        pg, y = doc.new_page(), 72
        pg.insert_text((72, y), title, fontsize=14, fontname='hebo'); y += 30
        for o in opts:
            pg.insert_text((72, y), o, fontsize=10, fontname='cobo'); y += 16
            assert pg.insert_textbox(pymupdf.Rect(72, y, 500, y + 120), text, fontsize=12, fontname='helv') > 0; y += 130
        if not opts:
            assert pg.insert_textbox(pymupdf.Rect(72, y, 500, y + 120), text, fontsize=12, fontname='helv') > 0; y += 130
            pg.insert_text((72, y), 'How ', fontsize=12, fontname='hebo')
            pg.insert_text((72 + pymupdf.get_text_length('How ', 'hebo', 12), y), 'package-lock.json', fontsize=10, fontname='cobo')
            pg.insert_text((72, y + 50), 'npm install --save', fontsize=10, fontname='cour')
            assert pg.insert_textbox(pymupdf.Rect(72, y + 10, 500, y + 40), text[:60], fontsize=12, fontname='helv') > 0
            assert pg.insert_textbox(pymupdf.Rect(72, y + 60, 500, y + 300), text * 2, fontsize=12, fontname='helv') > 0
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    got = {n.title: path(n) for n in nodes[1:]}
    for o in ('save', 'save-exact', 'install-strategy'): assert got.get(o, [])[-2:] == ['Configuration', o], got
    assert 'How package-lock.json' in got and 'npm install --save' not in got, got

def test_a_page_of_articles_is_no_contents_page():
    "A directive's page with four articles, each over its title, and sentences opening on `Article N` was read as a contents page: its articles were lost."
    arts = [(k, t) for k, t in ((4, 'Rights of performers'), (5, 'Relation between copyright and related rights'), (6, 'Minimum protection'), (7, 'Transitional provisions'))]
    page = [('Article 3', 9, False), ('Acquisition of broadcasting rights', 9, True), PARA]
    for k, t in arts:
        page += [(f'Article {k}', 9, False), (t, 9, True), PARA[:180]]
    page[5:5] = [('Article 4 (1) of this Directive shall apply to rights acquired before', 9, False), ('Article 14 (1) shall be subject to the provisions', 9, False)]
    nodes, path = tree_of([[('CHAPTER II', 9, True), ('BROADCASTING OF PROGRAMMES BY SATELLITE', 9, True), PARA], page])
    for k, t in arts: assert f'Article {k} {t}' in path, list(path)

def test_chapter_takes_its_small_caption():
    "A directive read without its outline sets `SUI GENERIS RIGHT` under `CHAPTER III` in small bold capitals: the chapter's node was titled `CHAPTER III` alone."
    chapter = lambda n, cap, arts: [(f'CHAPTER {n}', 9, False), (cap, 8, True)] + [x for k, t in arts for x in ((f'Article {k}', 9, False), (t, 9, True), PARA)]
    nodes, path = tree_of([chapter('I', 'SCOPE', [(1, 'Scope'), (2, 'Limitations')]), chapter('II', 'COPYRIGHT', [(3, 'Object of protection')]),
                           chapter('III', 'SUI GENERIS RIGHT', [(7, 'Object of protection'), (8, 'Rights of lawful users')])])
    assert path.get('Article 8 Rights of lawful users', [])[:1] == ['CHAPTER III SUI GENERIS RIGHT'], list(path)
    assert 'SUI GENERIS RIGHT' not in path, list(path)

def test_chapter_caption_wrapped_on_two_lines():
    "A directive read without its outline wraps a chapter's caption over two lines: the node kept the first line only (`CHAPTER 3a Threshold for ... covered by`)."
    cap = ['Threshold for taxable persons making supplies of goods covered by', 'point (a) of Article 33 and supplies of services covered by Article 58']
    doc = pymupdf.open()
    for ch, lines, arts in (('CHAPTER 3', ['SPECIAL SCHEME'], (58,)), ('CHAPTER 3a', cap, ('59c', '59d'))):
        pg, y = doc.new_page(), 72
        pg.insert_text((200, y), ch, fontsize=8, fontname='helv'); y += 17
        for t in lines: pg.insert_text((100, y), t, fontsize=9, fontname='hebo'); y += 10.7      # at its line spacing, the number smaller
        for k in arts:
            y += 20; pg.insert_text((200, y), f'Article {k}', fontsize=9, fontname='helv'); y += 14
            assert pg.insert_textbox(pymupdf.Rect(72, y, 500, y + 140), PARA, fontsize=9, fontname='helv') > 0; y += 150
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    got = {n.title: path(n) for n in nodes[1:]}
    assert got.get('Article 59d', [])[:1] == [f'CHAPTER 3a {cap[0]} {cap[1]}'], got
    assert not any(t.startswith('point (a)') for t in got), got

def test_long_cover_title_heads_the_document():
    "A protocol's cover sets its 24-word title in 20 points over an 11-point body: read as a sentence set large, the document had no title, and its label named its first section (`Sponsor Statement and Signature Page`)."
    lines = ['Prospective Clinical Evaluation of the Safety and Efficacy', 'of NON-INVASIVE Electronic Stimulation for', 'Improvement of Muscle Strength and Toning,',
             'Circumferential Reduction of the Core and Extremities']
    doc = pymupdf.open()
    pg, y = doc.new_page(), 90
    for t in lines: pg.insert_text((72, y), t, fontsize=20, fontname='helv'); y += 24
    pg.insert_text((72, y + 20), 'Sponsor: Lutronic, Inc.', fontsize=14, fontname='helv')
    for h in ('Sponsor Statement and Signature Page', 'Contact Information', 'Protocol Synopsis'):
        pg = doc.new_page(); pg.insert_text((72, 90), h, fontsize=16, fontname='helv')
        assert pg.insert_textbox(pymupdf.Rect(72, 110, 500, 400), PARA * 2, fontsize=11, fontname='helv') > 0
    pages = pdf_parse(doc.tobytes())
    title = ' '.join(lines)
    nodes = build_tree(pages)
    assert title in [n.title for n in nodes], [n.title for n in nodes]
    from litesearch.tree import doc_profile
    assert doc_profile(pages, 'NCT06152900_Prot_SAP_000')['label'] == title

def test_articles_below_an_outline_of_chapters():
    "A directive whose outline lists its chapters only, set smaller than its articles: no article was found below the outline (the type test alone)."
    doc = pymupdf.open()
    toc = []
    for n, (ch, arts) in enumerate((('CHAPTER I SCOPE', (1, 2)), ('CHAPTER II COPYRIGHT', (3, 4)))):
        pg, y = doc.new_page(), 72
        pg.insert_text((72, y), ch, fontsize=8, fontname='hebo'); y += 24; toc.append([1, ch, n + 1])
        for k in arts:
            pg.insert_text((72, y), f'Article {k}', fontsize=10, fontname='heit'); y += 14
            pg.insert_text((72, y), f'Title of article {k}', fontsize=10, fontname='hebo'); y += 14
            assert pg.insert_textbox(pymupdf.Rect(72, y, 500, y + 140), PARA, fontsize=10, fontname='helv') > 0; y += 150
    doc.set_toc(toc)
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    got = {n.title: path(n) for n in nodes[1:]}
    assert got.get('Article 3 Title of article 3', [])[-2:] == ['CHAPTER II COPYRIGHT', 'Article 3 Title of article 3'], got

def _tracked_text(pg, x, y, text, size=10, font='hebo', track=2.0, word=6.0):
    "Draw `text` letter-spaced, a glyph at a time, as typeset display type is: `track` points between letters, `word` between words."
    for w in text.split():
        for ch in w:
            pg.insert_text((x, y), ch, fontsize=size, fontname=font); x += pymupdf.get_text_length(ch, font, size) + track
        x += word
    return x

def test_letter_spaced_headings_read_as_words():
    "The VAT directive sets its sections letter-spaced: `S e c t i o n 4` / `S u p p l i e s o f g a s ...` were read one letter a word."
    doc = pymupdf.open()
    for k, title in ((1, 'Supply of goods without transport'), (2, 'Supply of goods with transport')):
        pg = doc.new_page()
        pg.insert_text((72, 60), f'Article {k}', fontsize=10, fontname='helv')
        _tracked_text(pg, 72, 90, f'Section {k}'); _tracked_text(pg, 72, 106, title)
        assert pg.insert_textbox(pymupdf.Rect(72, 120, 500, 400), PARA * 2, fontsize=9, fontname='helv') > 0
    pages = pdf_parse(doc.tobytes())
    text = ' '.join(t for _, t in pages)
    assert 'Supply of goods without transport' in text and 'S u p p l y' not in text, text[:300]

def test_table_header_over_a_label_heads_nothing():
    "A table's header wrapped onto its first row's label (`Page Number` / `1. Financial Statements:`, eBay's Item 15) stood as a heading: a label set on two lines heads no section."
    doc = pymupdf.open()
    for item in ('Item 14. Exhibits', 'Item 15. Schedules', 'Item 16. Form 10-K Summary'):
        pg, y = doc.new_page(), 60
        pg.insert_text((72, y + 9), item, fontsize=9, fontname='hebo'); y += 20
        pg.insert_textbox(pymupdf.Rect(72, y, 400, y + 200), PARA, fontsize=9, fontname='helv'); y += 11 * (len(PARA) // 60 + 2)
        pg.insert_text((72, y + 9), 'Page Number\n1. Financial Statements:', fontsize=9, fontname='hebo'); y += 30   # one block, two lines
        pg.insert_text((72, y + 9), 'Report of Independent Registered Public Accounting Firm 55', fontsize=9, fontname='helv'); y += 20
        pg.insert_textbox(pymupdf.Rect(72, y, 400, y + 200), PARA, fontsize=9, fontname='helv')
    pages = pdf_parse(doc.tobytes())
    assert [n.title for n in build_tree(pages)[1:]] == ['Item 14. Exhibits', 'Item 15. Schedules', 'Item 16. Form 10-K Summary']
    assert all('\nPage Number' in t and '# Page Number' not in t for _, t in pages)     # the header stays text

def test_cover_title_set_a_line_a_block():
    "A protocol's cover centred its title a line a block (`... with bortezomib,` / `lenalidomide and ...` / `with newly ...`): the lines"
    " went apart, and the label read `(Study Protocol)`. Its signature pages print the title again at their tops: still its title."
    title = ['Phase II study of daratumumab combined with bortezomib,', 'lenalidomide and dexamethasone in patients',
             'with newly diagnosed multiple myeloma']
    doc = pymupdf.open()
    pg = doc.new_page()
    for k, t in enumerate(title):       # each line its own text object: a block each
        w = pymupdf.get_text_length(t, fontname='hebo', fontsize=16)
        pg.insert_text(((612 - w) / 2, 90 + 31 * k), t, fontsize=16, fontname='hebo')
    pg.insert_text((250, 200), '(Study Protocol)', fontsize=14, fontname='hebo')
    for k in range(3):         # signature pages: the title again at each top, over a line to sign
        pg = doc.new_page()
        pg.insert_text((72, 60), '\n'.join(title), fontsize=14, fontname='hebo')
        pg.insert_text((72, 160), f'Signed for site {k + 1} by the principal investigator on the date below.', fontsize=9, fontname='helv')
    for head in ['1. Background', '2. Objectives', '3. Study design', '4. Statistics']:
        pg = doc.new_page()
        pg.insert_text((72, 100), head, fontsize=11, fontname='hebo')
        pg.insert_textbox(pymupdf.Rect(72, 120, 540, 700), PARA * 3, fontsize=9, fontname='helv')
    nodes = build_tree(pdf_parse(doc.tobytes()))
    assert nodes[1].title == ' '.join(title)
    assert [n.title for n in nodes if n.title.startswith(('1.', '2.', '3.', '4.'))] == ['1. Background', '2. Objectives', '3. Study design', '4. Statistics']
    assert sum(n.title == ' '.join(title) for n in nodes) == 1

def test_cover_title_over_fields_heads_the_document():
    "A protocol's cover sets its title and its fields in one type, a line each (`Principal Investigator: ...`): read as a run of"
    " labels heading no text, the title went with them, and the document was labelled by its last field."
    doc = pymupdf.open()
    pg = doc.new_page()
    lines = ['Treatment of Oral Chronic Graft-versus-host Disease With Stem Cells', 'Principal Investigator: Gao Lei',
             'Research Institution: Second Affiliated Hospital', 'Department: Hematology', 'Participating Institution: Chongqing']
    for k, t in enumerate(lines): pg.insert_text((72, 100 + 37 * k), t, fontsize=14, fontname='hebo')
    pg.insert_text((72, 100 + 37 * len(lines)), 'Southwest Hospital, ShiCangYu', fontsize=14, fontname='helv')
    for head in ['1. Research Background', '2. Clinical Trial Objective', '3. Clinical Trial Design']:
        pg = doc.new_page()
        pg.insert_text((72, 100), head, fontsize=14, fontname='hebo')
        pg.insert_textbox(pymupdf.Rect(72, 120, 540, 700), PARA * 3, fontsize=12, fontname='helv')
    nodes = build_tree(pdf_parse(doc.tobytes()))
    assert nodes[1].title == lines[0]
    assert [n.title for n in nodes if n.title[:2] in ('1.', '2.', '3.')] == ['1. Research Background', '2. Clinical Trial Objective', '3. Clinical Trial Design']

def test_page_numbers_are_no_text():
    "A short report's `Page 1 of 3` (its other pages print the case number beside theirs, so the line does not recur) and a page number on fewer than half the pages (`- 2 -`) stayed in the text: a chunk of its own, a report's summary."
    body = 'The airplane nosed over on the snowy runway after the pilot lost directional control. ' * 3
    pdf = make_pdf([[('Page 1 of 3', 8, False), ('National Transportation Safety Board', 14, True), body],
                    [('Page 2 of 3 CHI08CA055', 8, False), body, ('- 2 -', 8, False)],
                    [('Page 3 of 3 CHI08CA055', 8, False), body]])
    text = '\n'.join(t for _, t in pdf_parse(pdf))
    assert 'Page 1 of 3' not in text and '- 2 -' not in text and text.count('nosed over') == 9
    # a bare number may be a table's year: it stays
    assert '2023' in '\n'.join(t for _, t in pdf_parse(make_pdf([[('2023', 9, False), body]])))

def test_text_file_set_in_html_keeps_its_titles(tmp_path):
    "A text file set in HTML a line a `<br>` (DocBook's `literallayout`: Valgrind's NEWS): its `~~~~` underlines opened code fences, so the file was one section of code; now each underlined title heads its own section under the page's heading."
    from litesearch import database
    rel = lambda v, d: (f'<br>Release {v} ({d})<br>' + '~' * len(f'Release {v} ({d})') + '<br><br>'
                        + f'* Memcheck in {v}: fixes for leak reports and faster origin tracking.<br>' * 30)
    f = tmp_path/'dist.news.html'
    f.write_text('<html><head><title>2. NEWS</title></head><body><h1>2. NEWS</h1><div class="literallayout"><p>'
                 + rel('3.19.0', '11 Apr 2022') + rel('3.18.0', '15 Oct 2021') + '</p></div></body></html>')
    db = database(); db.add_file(f)
    toc = db.toc(db.toc(depth=0)[0]['doc_id'])[0]
    top = toc['sections'][0]
    assert top['title'] == '2. NEWS'
    assert [s['title'] for s in top['sections']] == ['Release 3.19.0 (11 Apr 2022)', 'Release 3.18.0 (15 Oct 2021)']
    text = db.read(top['sections'][1]['node_id'])['text']
    assert 'Memcheck in 3.18.0' in text and 'Memcheck in 3.19.0' not in text and '```' not in text

def test_plain_text_manual_sections_opened_by_a_rule(tmp_path):
    "A plain-text manual (Vim's help) opens each section with a wide row of `=` and a title line: unnumbered (`NEW FEATURES *new-9*`) or anchor-first (`*01.1* Two manuals`), its sections were never read, so such a file was one flat section."
    from litesearch import database
    rule, para = '=' * 78, 'Vim can do this and that, and the text goes on for a while about it. ' * 12
    text = (f'*usr_01.txt*\tFor Vim version 9.0.\n\n\t\tVIM USER MANUAL\n\n{rule}\n*01.1*\tTwo manuals\n\n{para}\n\n'
            f'{rule}\n*01.2*\tVim installed\n\n{para}\n\n{rule}\nNEW FEATURES\t\t\t\t*new-9*\n\n{para}\n\n'
            f'Various new items\t\t*new-items-9*\n-----------------\n\n{para}\n\n{rule}\n vim:tw=78:ts=8:noet:ft=help:norl:\n')
    f = tmp_path/'usr_01.txt'; f.write_text(text)
    db = database(); db.add_file(f)
    top = db.toc(db.toc(depth=0)[0]['doc_id'])[0]['sections']
    assert [s['title'] for s in top] == ['*01.1* Two manuals', '*01.2* Vim installed', 'NEW FEATURES *new-9*']
    assert [s['title'] for s in top[2]['sections']] == ['Various new items *new-items-9*']     # its tabs shown as a space

def test_italic_subsections_nest_under_their_heading():
    "Filings set subsections in italics at the body's size under bold headings (FedEx's `Our Culture` under `Human Resource Management`); read as body text, the bold section ran for pages with nothing inside it."
    doc = pymupdf.open()
    for heads in ([('Human Resource Management', 'hebo'), ('Our Culture', 'heit'), ('Health and Safety', 'heit')],
                  [('Governance', 'hebo'), ('Note:', 'heit')]):
        pg, y = doc.new_page(), 60
        for t, font in heads:
            pg.insert_text((72, y + 9), t, fontsize=9, fontname=font); y += 20
            pg.insert_textbox(pymupdf.Rect(72, y, 520, y + 80), PARA, fontsize=9, fontname='helv'); y += 80
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    paths = {n.title: path(n) for n in nodes[1:]}
    assert paths['Our Culture'] == ['Human Resource Management', 'Our Culture'], paths
    assert paths['Health and Safety'] == ['Human Resource Management', 'Health and Safety']
    assert paths['Governance'] == ['Governance']
    assert 'Note:' not in paths            # a label in italics runs into its paragraph

def test_one_line_risk_factors_head_their_paragraphs():
    "A risk factor set on one line in bold ends on its period, as no title does: its paragraphs ran on under the risk factor before."
    doc = pymupdf.open(); pg, y = doc.new_page(), 60
    for t, font in [('Item 1A. Risk Factors', 'hebo'), ('Our properties face significant competition from other landlords.', 'hebo'),
                    ('We depend on a few large tenants for most of our rent.', 'hebi'), ('See accompanying notes.', 'hebo')]:
        pg.insert_text((72, y + 9), t, fontsize=9, fontname=font); y += 20
        pg.insert_textbox(pymupdf.Rect(72, y, 520, y + 80), PARA, fontsize=9, fontname='helv'); y += 80
    titles = [n.title for n in build_tree(pdf_parse(doc.tobytes()))[1:]]
    assert titles == ['Item 1A. Risk Factors', 'Our properties face significant competition from other landlords.',
                      'We depend on a few large tenants for most of our rent.'], titles      # a short note heads nothing

def test_headings_where_the_outline_stops():
    "Apple's 10-K outline lists its Parts, Items and MD&A's parts, not Item 1's parts or the risk factors, all printed in the Items' bold: Item 1A was one section of 70k characters. And `PART II`, holding most of the outline, is a Part, not the document's name."
    doc = pymupdf.open()
    pages = [[('PART I', 'hebo'), ('Item 1. Business', 'hebo'), ('Products', 'hebo'), ('iPhone', 'heit'), ('Mac', 'heit'), ('Competition', 'hebo')],
             [('Item 1A. Risk Factors', 'hebo'), ('The Company depends on component suppliers in Asia.', 'hebi'),
              ('The Company faces intense competition in every market.', 'hebi')],
             [('PART II', 'hebo'), ('Item 7. Analysis', 'hebo'), ('Overview', 'hebo'), ('Gross Margin', 'hebo'), ('Products Gross Margin', 'heit'),
              ('Operating Expenses', 'hebo')],
             [('Item 8. Financial Statements', 'hebo'), ('Note 1 - Accounting Policies', 'hebo'), ('Revenue Recognition', 'hebo')]]
    for heads in pages:
        pg, y = doc.new_page(), 40
        for t, font in heads:
            pg.insert_text((72, y + 9), t, fontsize=9, fontname=font); y += 18
            if t.startswith('PART'): continue
            pg.insert_textbox(pymupdf.Rect(72, y, 520, y + 60), PARA[:220], fontsize=9, fontname='helv'); y += 58
    doc.set_toc([[1, 'PART I', 1], [2, 'Item 1. Business', 1], [2, 'Item 1A. Risk Factors', 2], [1, 'PART II', 3], [2, 'Item 7. Analysis', 3],
                 [3, 'Gross Margin', 3], [3, 'Operating Expenses', 3], [2, 'Item 8. Financial Statements', 4], [3, 'Note 1 - Accounting Policies', 4]])
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    paths = {n.title: path(n) for n in nodes[1:]}
    assert paths['iPhone'] == ['PART I', 'Item 1. Business', 'Products', 'iPhone'], paths
    assert paths['Competition'] == ['PART I', 'Item 1. Business', 'Competition']
    assert paths['The Company faces intense competition in every market.'] == ['PART I', 'Item 1A. Risk Factors', 'The Company faces intense competition in every market.']
    assert paths['Item 7. Analysis'] == ['PART II', 'Item 7. Analysis']          # not beside its Part
    assert paths['Products Gross Margin'] == ['PART II', 'Item 7. Analysis', 'Gross Margin', 'Products Gross Margin']
    assert paths['Revenue Recognition'] == ['PART II', 'Item 8. Financial Statements', 'Note 1 - Accounting Policies', 'Revenue Recognition']
    assert 'Overview' not in paths       # before MD&A's first listed part: the outline says what Item 7 holds

def test_one_line_risk_factors_in_larger_type():
    "Intel sets its risk factors as sentences in 12 points over 9-point text: each ran on under the one before."
    doc = pymupdf.open(); pg, y = doc.new_page(), 60
    for t, size in [('Risk Factors', 14), ('Changes in product demand can adversely affect our results.', 12),
                    ('We are subject to cybersecurity and privacy risks.', 12)]:
        pg.insert_text((72, y + size), t, fontsize=size, fontname='helv'); y += 2 * size
        pg.insert_textbox(pymupdf.Rect(72, y, 520, y + 80), PARA, fontsize=9, fontname='helv'); y += 80
    titles = [n.title for n in build_tree(pdf_parse(doc.tobytes()))[1:]]
    assert titles == ['Risk Factors', 'Changes in product demand can adversely affect our results.',
                      'We are subject to cybersecurity and privacy risks.'], titles

def test_risk_factor_run_into_its_paragraph():
    "Oracle sets each risk factor in bold italics and runs its paragraph on after it on the same line: read as one line, neither bold nor plain throughout, it headed nothing and the first risk factor held the next seven."
    doc = pymupdf.open(); pg, y = doc.new_page(), 60
    pg.insert_text((72, y), 'Item 1A. Risk Factors', fontsize=9, fontname='hebo'); y += 20
    for rf, text in [('Our revenues may decline if our cloud strategy fails.', 'We provide cloud services to customers in many markets'),
                     ('We may lose key employees to our competitors.', 'Our success depends on the continued service of our staff')]:
        w = pymupdf.get_text_length(rf, fontname='hebi', fontsize=9)
        pg.insert_text((72, y), rf, fontsize=9, fontname='hebi'); pg.insert_text((72 + w + 4, y), text, fontsize=9, fontname='helv'); y += 11
        pg.insert_textbox(pymupdf.Rect(72, y - 8, 520, y + 70), PARA, fontsize=9, fontname='helv'); y += 90
    nodes = build_tree(pdf_parse(doc.tobytes()))
    titles = [n.title for n in nodes[1:]]
    assert titles == ['Item 1A. Risk Factors', 'Our revenues may decline if our cloud strategy fails.', 'We may lose key employees to our competitors.'], titles
    assert nodes[3].text().startswith('Our success depends on the continued service of our staff')      # the paragraph's opening kept

def test_larger_risk_factors_under_an_outline_that_stops_above_them():
    "Intel's outline lists `Risk Factors` (14 points) and entries printed in 12; its risk factors, 12-point sentences, were one section of 84k characters."
    doc = pymupdf.open()
    for heads in ([('Overview', 12), ('Markets', 12)],
                  [('Risk Factors', 14), ('Changes in product demand can adversely affect our results.', 12), ('Key Partners', 12),
                   ('We are subject to cybersecurity and privacy risks.', 12)]):
        pg, y = doc.new_page(), 60
        for t, size in heads:
            pg.insert_text((72, y + size), t, fontsize=size, fontname='helv'); y += 2 * size
            pg.insert_textbox(pymupdf.Rect(72, y, 520, y + 80), PARA, fontsize=9, fontname='helv'); y += 80
    doc.set_toc([[1, 'Overview', 1], [1, 'Markets', 1], [1, 'Risk Factors', 2]])
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    paths = {n.title: path(n) for n in nodes[1:]}
    assert paths['We are subject to cybersecurity and privacy risks.'] == ['Risk Factors', 'We are subject to cybersecurity and privacy risks.'], paths
    assert 'Key Partners' not in paths          # a line of the type that is no sentence: the outline's to list

def test_front_matter_before_the_first_heading_has_sections():
    "An agency plan's eight contents pages (`Tactic 1.2.3.6. Innovation .... 22`) and its 20-point page on the agency sat before its outline's first entry (12-point `Mission`), in the root: 8% of the reports' text in no section."
    entries = [(f'Strategy 1.{k}. Outcomes of the program ................................ {k + 3}', 9, False) for k in range(12)]
    # each page its own lines (in words: a line printed again at one place, numbers aside, is a running header)
    para = lambda k: f'In the {k} year ' + PARA.replace(' and ', f' and {k} ')
    doc = pymupdf.open(stream=make_pdf([[('Strategic Plan FY 2022 - 2026', 16, True), para('first'), ('Contents', 12, True), *entries[:6]],
                                        [*entries[6:]], [('U.S. Department of Labor (DOL)', 20, True), para('second')],
                                        [('Mission', 12, True), para('third')], [('Strategic Goals', 12, True), para('fourth')]]))
    doc.set_toc([[1, 'Mission', 4], [1, 'Strategic Goals', 5]])
    for outline in (True, False):
        nodes = build_tree(pdf_parse(doc.tobytes(), outline=outline))
        top = [(n.title, n.page_start, n.page_end) for n in nodes if n.parent == 0]
        assert top[:2] == [('Contents', 0, 1), ('U.S. Department of Labor (DOL)', 2, 2)], (outline, top)
        assert 'In the first year' in nodes[0].text() and '....' not in ''.join(t for _, t in nodes[0].segments), outline   # the cover stays the root's
        assert not any('Outcomes' in n.title for n in nodes), outline
    # with the outline its entries stay at its top rank (without it the type ranks them under the larger title)
    top = [(n.title, n.page_start) for n in build_tree(pdf_parse(doc.tobytes())) if n.parent == 0]
    assert top == [('Contents', 0), ('U.S. Department of Labor (DOL)', 2), ('Mission', 3), ('Strategic Goals', 4)], top

def test_help_file_entries_are_sections(tmp_path):
    "Vim's `options.txt` held its 400 options in one 386k-character section `3. Options summary`: `read()` of an option returned the book."
    from litesearch import database
    opt = lambda n, a, what: f"\t\t\t\t\t*'{n}'* *'{a}'*\n'{n}' '{a}'\t\tboolean\t(default off)\n\t{what}\n\n"
    f = tmp_path/'options.txt'
    f.write_text('=' * 78 + '\n3. Options summary\t\t\t\t*option-summary*\n\nThe options, in order.\n\n'
                 + opt('allowrevins', 'ari', 'Allow CTRL-_ in Insert mode.') + opt('autoread', 'ar', 'Read a file again when it changed outside Vim.')
                 + opt('wrapscan', 'ws', 'Searches wrap around the end of the file.'))
    db = database()
    db.add_file(f)
    s = db.sections('searches wrap around the end of the file', limit=1)[0]
    assert s['title'] == "'wrapscan' 'ws'" and s['breadcrumb'].endswith("3. Options summary *option-summary* › 'wrapscan' 'ws'"), s
    text = db.read(s['node_id'])['text']
    assert "*'wrapscan'*" in text and 'autoread' not in text, text       # the entry whole, its anchors kept, nothing of the others

def test_forms_are_labelled_by_their_fields(tmp_path):
    "Twenty NTSB reports were all labelled `National Transportation Safety Board`, the masthead over the form's name: `docs()` listed them alike."
    from litesearch import database
    def report(path, town, no, plane):
        d = pymupdf.open(); p = d.new_page(); y = 60
        for t in ('National Transportation Safety Board', 'Aviation Accident Final Report'):
            p.insert_text((72, y), t, fontsize=16, fontname='hebo'); y += 26
        for t in (f'Location: {town} Accident Number: {no}', 'Date & Time: 12/22/2007, 1230 EST Registration: N3070A',
                  f'Aircraft: {plane} Aircraft Damage: Substantial', 'Flight Conducted Under: Part 91: General Aviation - Personal'):
            p.insert_text((72, y), t, fontsize=10); y += 14
        p.insert_text((72, y + 10), 'Analysis', fontsize=12, fontname='hebo'); y += 28
        for t in [f'The pilot stated that the {plane} struck a snowbank during the landing roll.', 'The airplane nosed over.'] * 3:
            p.insert_text((72, y), t, fontsize=10); y += 14
        d.save(path)
    db = database()
    for i, r in enumerate([('Alton, NH', 'NYC08CA068', 'Cessna 170B'), ('Belen, NM', 'DEN08CA034', 'Piper PA-28')]):
        report(tmp_path/f'r{i}.pdf', *r); db.add_file(tmp_path/f'r{i}.pdf')
    labels = {d['title']: d['label'] for d in db.toc(depth=0)}
    assert labels == {'r0': 'Aviation Accident Final Report · Location: Alton, NH Accident Number: NYC08CA068',
                      'r1': 'Aviation Accident Final Report · Location: Belen, NM Accident Number: DEN08CA034'}, labels
    assert db.docs('the snowbank accident at Belen', limit=1)[0]['title'] == 'r1'
    # the masthead stays a section of the tree, as printed
    assert [s['title'] for s in db.toc('r0', depth=1)[0]['sections']][:2] == ['National Transportation Safety Board', 'Aviation Accident Final Report']

def test_table_row_labels_are_no_headings():
    "Intel's officers' titles, set in italics in a narrow first column beside each biography, were 7 headings below its outline; a two-column page's headings stay."
    from litesearch.data import _outline_heads, _below_outline
    text = 'Our mission is to recruit, retain and honor a world-class workforce to serve the American people every day.'
    bio = 'Mr. Davis joined us in April 2019 as our Executive Vice President and Chief Financial Officer.'
    row = lambda t, size, bold, blk, x0=18, x1=580, y=0: _Line(t, size, bold, x1, 18, 580, blk, x0=x0, y=y)
    heads = lambda flat: [l.head for ls in flat for l in ls if l.head]
    def doc(first, second):
        flat = [[row('Strategic Goals', 16, True, 0, y=40), *[row(text, 9, False, k, y=60 + 11 * k) for k in (1, 2)],
                 row('Objective 1.1 Safe travel', 12, True, 3, x1=300, y=100), *[row(text, 9, False, k, y=100 + 11 * k) for k in (4, 5)]],
                [row(first, 16, True, 0, y=40), *[row(text, 9, False, k, x1=290, y=60 + 11 * k) for k in (1, 2)], *second]]
        _outline_heads([[1, 'Strategic Goals', 1], [1, first, 2]], flat); _below_outline(flat)
        return heads(flat)
    table = [row('Chief Financial Officer', 12, True, 3, x1=130, y=100), row(bio, 9, False, 4, x0=160, y=100), row(bio, 9, False, 4, x0=160, y=111),
             row('Chief Executive Officer', 12, True, 5, x1=130, y=140), row(bio, 9, False, 6, x0=160, y=140), row(bio, 9, False, 6, x0=160, y=151)]
    assert doc('Our Officers', table) == [(1, 'Strategic Goals'), (2, 'Objective 1.1 Safe travel'), (1, 'Our Officers')]
    columns = [row('Closing Skills Gaps', 12, True, 3, x1=150, y=100), row(text, 9, False, 4, x0=310, y=100), row(text, 9, False, 5, x1=290, y=114)]
    assert doc('Our Work', columns)[-1] == (2, 'Closing Skills Gaps')

def test_header_row_under_a_line_of_its_own_is_no_heading():
    "Intel's officers' table: `Name` alone on its line over `Current Title  Age  Experience` read as one heading that held the table."
    doc = pymupdf.open(); pg = doc.new_page()
    put = lambda x, y, t, size=9, bold=False: pg.insert_text((x, y), t, fontsize=size, fontname='hebo' if bold else 'helv')
    put(72, 60, 'Item 10. Directors and Executive Officers', 14, True)
    for k in range(4): put(72, 84 + 11 * k, 'We design, manufacture and market smartphones, personal computers, tablets, wearables and more.')
    put(72, 150, 'Information About Our Executive Officers', 12, True)
    put(72, 172, 'Name\nCurrent Title', 9, True)         # one text object: one block of two lines
    for x, t in ((190, 'Age'), (230, 'Experience')): put(x, 182.8, t, 9, True)
    for k, (name, age) in enumerate((('Gregory M. Bryant', '52'), ('George S. Davis', '63'))):
        y = 200 + 50 * k
        put(72, y, name); put(190, y, age)
        for j in range(3): put(230, y + 11 * j, f'Mr. {name.split()[-1]} is our Executive Vice President and leads the client computing group {"and its sales" * j}.')
    put(72, 320, 'Item 11. Executive Compensation', 14, True)
    for k in range(4): put(72, 344 + 11 * k, 'The information required by this item is incorporated by reference to our proxy statement.')
    nodes = build_tree(pdf_parse(doc.tobytes()))
    titles = [n.title for n in nodes[1:]]
    assert 'Information About Our Executive Officers' in titles, titles
    assert not any('Current Title' in t or t.startswith('Name') for t in titles), titles
    officers = next(n for n in nodes if n.title == 'Information About Our Executive Officers')
    assert 'Mr. Davis' in officers.text()

def test_column_header_wrapped_over_blocks_is_no_heading():
    "PG&E's `Available for Future Issuance`, alone in its block right over `Under Equity Compensation Plans` (set beside the other columns' headers), was a heading."
    def at(l, y, x0): l.y, l.x0, l.x1 = y, x0, x0 + 4.5 * len(l.text); return l
    para = lambda blk: [L('We design, manufacture and market smartphones, personal computers, tablets, wearables and accessories, and', blk=blk, full=True)
                        for _ in range(4)] + [L('sell a variety of related services.', blk=blk)]
    page = [L('Equity Compensation Plan Information', 12, True, 0), *para(1), at(L('Available for Future Issuance', 9, True, 3), 135, 467),
            at(L('Under Equity Compensation Plans', 9, True, 4), 144, 458), at(L('Number of Securities to be Issued', 9, True, 5), 144, 201),
            at(L('Equity compensation plans approved by shareholders 20,902,525 $ 40.07 29,174,205', 9, False, 6, True), 177, 18), *para(7),
            L('Item 13. Certain Relationships', 12, True, 8), *para(9)]
    titles = [t for _, _, t in plan_heads([page], _font_heads([page]), [_wrapped(page)])]
    assert titles == ['Equity Compensation Plan Information', 'Item 13. Certain Relationships'], titles
    # set at the left over a full-width row, a table's caption stays a heading (OPM's `TABLE 9.02E` over its measure row)
    page[6] = at(L('TABLE 9.02E', 9, True, 3), 135, 18)
    assert 'TABLE 9.02E' in [t for _, _, t in plan_heads([page], _font_heads([page]), [_wrapped(page)])]

def test_an_appended_exhibits_contents_leaves_the_documents_own():
    "PG&E's 10-K appends credit agreements that print their own contents 267 and 390 pages in: its own contents' entries were looked for only after the last one, found nowhere, and the ranks its indents give were lost."
    entries = [('Methods', 0), ('Participant identification', 1), ('Recruitment', 1), ('Data management', 0), ('Data storage', 1), ('References', 0)]
    articles = ['Article I. Definitions and Terms', 'Article II. Amount and Terms of the Loans', 'Article III. Representations and Warranties']
    doc = _contents_and_sections(pymupdf.open(), entries)
    _contents_and_sections(doc, [(t, 0) for t in articles], first=1)       # the exhibit: its own contents, its pages numbered anew
    nodes = build_tree(pdf_parse(doc.tobytes()))
    path = lambda n: [] if n.parent is None else path(nodes[n.parent]) + [n.title]
    got = {n.title: path(n) for n in nodes[1:]}
    assert got['Participant identification'][-2:] == ['Methods', 'Participant identification'], got
    assert got['Data storage'][-2] == 'Data management' and len(got['References']) == len(got['Methods']), got
    assert all(t in got for t in articles), got
