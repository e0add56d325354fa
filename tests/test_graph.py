"The graph layer: reference patterns, resolution into the tree, and edges through delete, replace and ingest order."
import litesearch
import pytest
from litesearch import database
from litesearch.graph import find_refs, _Doc, doc_keys, register_ref_pattern, RefPattern, REF_PATTERNS

def spec(t, kind=None):
    return [(r['text'], r['scope'], [(s.get('unit'), s.get('num'), s.get('to'), s.get('act')) for s in r['targets']]) for r in find_refs(t, kind)]

@pytest.mark.parametrize('text, want', [
    ('the place of supply referred to in Article 44', [('Article 44', 'doc', [('article', '44', None, None)])]),
    ('Articles 43 to 45 apply', [('Articles 43 to 45', 'doc', [('article', '43', '45', None)])]),
    ('Articles 380 to 390c', [('Articles 380 to 390c', 'doc', [('article', '380', '390C', None)])]),
    ('Articles 132, 135 and 136', [('Articles 132, 135 and 136', 'doc', [('article', '132', None, None), ('article', '135', None, None), ('article', '136', None, None)])]),
    ('point (b) of Article 132(1)', [('Article 132(1)', 'doc', [('article', '132', None, None)])]),
    ('supplies listed in Annex III', [('Annex III', 'doc', [('annex', '3', None, None)])]),
    ('see Note 16.', [('Note 16', 'doc', [('note', '16', None, None)])]),
    ('Notes 7 and 10 of Notes to Consolidated Financial Statements', [('Notes 7 and 10', 'doc', [('note', '7', None, None), ('note', '10', None, None)])]),
    ('see Item 1A of this Form 10-K', [('Item 1A', 'doc', [('item', '1A', None, None)])]),
    ('Section 3.2 says', [('Section 3.2', 'doc', [('section', '3.2', None, None)])]),
    ('Article 2(1) of Regulation (EU) 2021/241', [('Article 2(1)', 'act', [('article', '2', None, '2021/241')])]),
    ('Article 5 of Directive 93/13/EEC', [('Article 5', 'act', [('article', '5', None, '93/13')])]),
    ('Directive 2006/112/EC', [('Directive 2006/112/EC', 'act', [(None, None, None, '2006/112')])]),
])
def test_patterns(text, want): assert spec(text) == want

@pytest.mark.parametrize('text', [
    'Article 107 TFEU', 'Article 126(8) or (11) TFEU', 'Article 3 of that Directive', 'Article 62(1), first subparagraph, point (c), of the Financial Regulation',
    'Part I, Item 1A of our Annual Report on Form 10-K', 'Article 2 of the Annex to Recommendation 2003/361/EC', 'Section 203 of the Delaware General Corporation Law'])
def test_external_qualifiers(text):
    "A reference into another instrument is kept as external, never resolved to a local node with the same number."
    assert [r['scope'] for r in find_refs(text)][:1] == ['external']

def test_not_references():
    "Contents lines, headings and correlation tables name sections; they do not cite them."
    assert find_refs('Item 1. Business 4\nItem 1A. Risk Factors 11\nItem 2. Properties 28') == []
    assert find_refs('ANNEX IX Part A — Works of art Part B — Collectors items') == []
    table = '\n'.join(f'Article {i}(1), first subparagraph Article {i+100}' for i in range(1, 30))
    assert find_refs(table) == []

def test_chains():
    got = [(r['targets'][0]['unit'], r['targets'][0]['num'], r['targets'][0]['outer']) for r in find_refs(
        'Title V, Chapter 3; Part A of Annex III; Part II, Item 7; Annex X, Part B')]
    assert got == [('chapter', '3', [('title', '5')]), ('part', 'A', [('annex', '3')]), ('item', '7', [('part', '2')]), ('part', 'B', [('annex', '10')])]

def test_registered_pattern():
    try:
        register_ref_pattern(RefPattern('rule', r'\bRule\s+(?P<num>\d+[a-z]?-\d+)(?P<unit>)', kinds=('sec',)))
        assert [r['pattern'] for r in find_refs('under Rule 10b-5', 'sec')] == ['rule']
        assert find_refs('under Rule 10b-5', 'pdf') == []
        with pytest.raises(ValueError, match='named groups'): register_ref_pattern(RefPattern('x', r'Rule \d+'))
    finally: REF_PATTERNS.clear()

def test_resolution():
    d = _Doc('d', [(0, 'Act', None), (1, 'TITLE V', 0), (2, 'CHAPTER 1', 1), (3, 'Section 2 A', 2), (4, 'CHAPTER 3', 1),
                   (5, 'Section 2 B', 4), (6, 'Article 43', 5), (7, 'Article 44', 5), (8, 'Article 44a', 5), (9, 'Article 45', 5),
                   (10, 'ANNEX III', 0), (11, 'Part A lists', 10), (12, 'TITLE VI', 0), (13, 'CHAPTER 3 other', 12)])
    assert d.resolve(dict(unit='article', num='44')) == [7]
    assert d.resolve(dict(unit='article', num='43', to='45')) == [6, 7, 8, 9]
    assert d.resolve(dict(unit='section', num='2'), src=9) == [5] and d.resolve(dict(unit='section', num='2'), src=2) == [3]
    assert d.resolve(dict(unit='chapter', num='3', outer=[('title', '6')])) == [13]
    assert d.resolve(dict(unit='chapter', num='3'), src=7) == [4]                 # nearest: the chapter holding the citer
    assert d.resolve(dict(unit='part', num='A', outer=[('annex', '3')])) == [11]
    assert d.resolve(dict(unit='part', num='C', outer=[('annex', '3')])) == [10]  # nearest existing node
    assert d.resolve(dict(unit='article', num='46')) == []

def test_doc_keys():
    assert doc_keys('t', 'Council Directive 2006/112/EC ... ►M1 Council Directive 2006/138/EC') == ['title:t', 'act:2006/112']
    assert doc_keys('t', 'Regulation (EU) No 1303/2013 of the European Parliament') == ['title:t', 'act:1303/2013']

A = [(0, '# Council Directive 2006/112/EC\n\n## Article 1 Definitions\n\nA taxable person is anyone.\n\n'
         '## Article 2 Scope\n\nThis applies to the persons defined in Article 1 and the goods in Annex I.\n\n## ANNEX I Goods\n\nBread and books.')]
B = [(0, '# Regulation (EU) 2021/241\n\n## Article 1 Subject\n\nThe rules of Article 2 of Directive 2006/112/EC apply, and Article 7 of Directive 2011/83/EU.')]

def _edges(db, pre=''):
    return sorted((s.split('#')[1] if s else None, t, d.split('#')[1] if d else None) for s, t, d in db.execute(f'SELECT src, text, dst FROM [{pre}refs]'))

def test_ingest_order_delete_replace(fresh_db):
    db = fresh_db
    b = db.add_doc(B, title='B')['doc_id']                # the citing document first: its reference waits
    assert [r['node_id'] for r in db.refs(f'{b}#2', unresolved=True)] == [None, None]
    a = db.add_doc(A, title='A')['doc_id']
    assert [r['node_id'] for r in db.refs(f'{b}#2', unresolved=True)] == [f'{a}#3', None]
    assert [r['title'] for r in db.refs(f'{a}#3')] == ['Article 1 Definitions', 'ANNEX I Goods']
    assert [c['node_id'] for c in db.cited_by(f'{a}#3')] == [f'{b}#2']
    st = db.ref_stats()
    assert (st['found'], st['resolved'], st['within'], st['across'], st['unresolved']) == (4, 3, 2, 1, 1)
    db.delete_doc(a)                                      # its edges go; the other document's stay, unresolved
    assert db.execute('SELECT count(*) FROM refs WHERE doc_id = ? OR dst_doc = ?', [a, a]).fetchone()[0] == 0
    assert db.execute('SELECT count(*) FROM doc_keys WHERE doc_id = ?', [a]).fetchone()[0] == 0
    assert [r['node_id'] for r in db.refs(f'{b}#2', unresolved=True)] == [None, None]
    db.add_doc(A, title='A')
    A2 = [(0, A[0][1].replace(' and the goods in Annex I', ''))]
    assert db.add_doc(A2, title='A').get('replaced')     # replace: edges rebuilt, the incoming one restored
    assert [r['title'] for r in db.refs(f'{a}#3')] == ['Article 1 Definitions']
    assert [r['node_id'] for r in db.refs(f'{b}#2', unresolved=True)] == [f'{a}#3', None]
    before = _edges(db)
    db.index_refs()
    assert _edges(db) == before

def test_delete_leaves_one_unresolved_row_per_cut_range(fresh_db):
    "A range cited across documents has an edge per article; when the cited document goes they read the same, and one row stays."
    db = fresh_db
    a = db.add_doc(A, title='A')['doc_id']
    C = [(0, '# Regulation (EU) 2022/1\n\n## Article 1 Subject\n\nArticles 1 to 2 of Directive 2006/112/EC apply, as does Article 9 of Directive 2011/83/EU.')]
    c = db.add_doc(C, title='C')['doc_id']
    rows = lambda: [(t, d is None) for t, d in db.execute('SELECT text, dst FROM refs WHERE doc_id = ? ORDER BY rowid', [c])]
    assert rows() == [('Articles 1 to 2', False), ('Articles 1 to 2', False), ('Article 9', True)]
    db.delete_doc(a)
    assert rows() == [('Articles 1 to 2', True), ('Article 9', True)]
    db.add_doc(A, title='A')                              # back: the range resolves again, an edge per article
    assert rows() == [('Article 9', True), ('Articles 1 to 2', False), ('Articles 1 to 2', False)]

def test_prefix_and_read(fresh_db):
    db = fresh_db
    a = db.add_doc(A, title='A', store='laws')['doc_id']
    assert db['laws_refs'].exists() and not db['refs'].exists()
    assert _edges(db, 'laws_') == [('3', 'Annex I', '4'), ('3', 'Article 1', '2')]
    r = db.read(f'{a}#3', store='laws', refs=True)
    assert [x['title'] for x in r['refs']] == ['Article 1 Definitions', 'ANNEX I Goods'] and 'Annex I' in r['text']
    assert 'refs' not in db.read(f'{a}#3', store='laws')
    with pytest.raises(KeyError): db.refs('nope#1', store='laws')

def test_context_graph(fresh_db):
    from litesearch import hash_embed
    db = fresh_db
    enc = lambda ts: hash_embed(ts, 64)
    a = db.add_doc(A, title='A', embedder=enc)['doc_id']
    q = 'what does this apply to'
    c0, c1 = db.context(q, enc([q])[0], limit=1), db.context(q, enc([q])[0], limit=1, graph=True)
    assert [s['node_id'] for s in c1['sections']] == [s['node_id'] for s in c0['sections']] == [f'{a}#3'] and 'graph' not in c0
    assert [g['node_id'] for g in c1['graph']] == [f'{a}#2', f'{a}#4']
    assert c1['graph'][0]['via'] == 'Article 2 Scope → Article 1 Definitions' and 'taxable person' in c1['graph'][0]['text']
    assert db.context(q, enc([q])[0], limit=1, graph=True, related=1)['graph'][0]['node_id'] == f'{a}#2'

def test_filing_shapes():
    "10-K trees: bare-numbered notes, items beside their parts, a lone 'Chapter 11' that is the bankruptcy code."
    nodes = [(0, '10-K', None), (1, 'PART II', 0), (2, 'Item 7. MD&A', 0), (3, 'Item 8. Financial Statements', 0), (4, 'Oracle Corporation', 3),
             (5, '2. Financial Statement Schedules', 4)] + [(6 + i, f'{i+1}. TOPIC NUMBER {i+1}', 4) for i in range(8)] + [(14, 'Chapter 11 Proceedings', 0)]
    d = _Doc('f', nodes)
    assert d.resolve(dict(unit='note', num='2')) == [7]                              # the run 1..8, not 'Financial Statement Schedules'
    assert d.resolve(dict(unit='item', num='8', outer=[('part', '2')])) == [3]        # flat tree: Item 8 sits beside Part II
    assert d.resolve(dict(unit='chapter', num='11')) == []                            # a lone high number is not a division
    assert [r['scope'] for r in find_refs('Senior Notes 3.700% due 2027 and see Note 9 of the unaudited condensed consolidated financial statements')] == ['external']
    assert [r['scope'] for r in find_refs('(incorporated by reference to the Form 8-K dated June 19, 2020 (File No. 1-2348), Exhibit 4.2)')] == ['external']

def test_graph_w(fresh_db):
    "graph_w is the share of a section's score passed along its references at each step: 0 reaches nothing."
    from litesearch.graph import graph_reach
    db = fresh_db
    a = db.add_doc(A, title='A')['doc_id']
    T = db.get_tree()
    assert graph_reach(T, {f'{a}#3': 1.0}, graph_w=0) == []
    lo, hi = (dict((k, v) for k, v, _ in graph_reach(T, {f'{a}#3': 1.0}, graph_w=w)) for w in (0.3, 0.9))
    assert set(lo) == set(hi) == {f'{a}#2', f'{a}#4'}
    # with restart 1 - graph_w at the seed, a cited section gets graph_w / 2 of the seed's own mass here (two references)
    assert abs(lo[f'{a}#2'] - 0.3 * 0.7 / 2) < 1e-9 and abs(hi[f'{a}#2'] - 0.9 * 0.1 / 2) < 1e-9

def test_term_edges(fresh_db):
    "The optional term layer: off by default, on through index_refs(terms_fn=) or TERMS_FN at ingest; never counted as references."
    import litesearch.graph as g
    doc = [(0, "# Act\n\n## Article 1 Definitions\n\n‘taxable person’ means any person.\n\n## Article 2 Scope\n\nA taxable person shall pay, as Article 1 says.")]
    assert g.defined_terms("‘taxable person’ means x; Acme Inc. (the “Company”) sells") == ['taxable person', 'Company']
    db = fresh_db
    d = db.add_doc(doc, title='T')['doc_id']
    assert [(r['cited_as'], r['scope']) for r in db.refs(f'{d}#3')] == [(['Article 1'], 'doc')]
    db.index_refs(terms_fn=g.defined_terms)
    assert [r['cited_as'] for r in db.refs(f'{d}#3')] == [['taxable person', 'Article 1']]
    assert db.ref_stats()['found'] == 1 and db.ref_stats()['by_pattern']['term'] == dict(found=1, resolved=1)
    db.index_refs()                                           # rebuilt without: the term edge goes
    assert [r['cited_as'] for r in db.refs(f'{d}#3')] == [['Article 1']]
    try:
        g.TERMS_FN = g.defined_terms
        d2 = db.add_doc([(0, doc[0][1] + ' Twice.')], title='T2')['doc_id']     # other text: the same text would be the first document again
        assert [r['cited_as'] for r in db.refs(f'{d2}#3')] == [['taxable person', 'Article 1']]
    finally: g.TERMS_FN = None

def test_layering():
    "Each module imports only the layers below it (no circles); ingest, read and retrieve call graph, which imports none of them."
    import ast, pathlib, litesearch
    order = 'tuning models embed headings data db fts vectors ann core structure tree graph ingest read retrieve files agent cli integrations'.split()
    pkg = pathlib.Path(litesearch.__file__).parent
    for i, m in enumerate(order):
        if not (pkg/f'{m}.py').exists(): continue
        src = (pkg/f'{m}.py').read_text()
        used = {n.module.split('.')[0] for n in ast.walk(ast.parse(src)) if isinstance(n, ast.ImportFrom) and n.level and n.module}
        assert used <= set(order[:i]), (m, used - set(order[:i]))
    import litesearch.graph as graph, litesearch.ingest as ingest, litesearch.read as read, litesearch.retrieve as retrieve
    assert (ingest._on_write, ingest._on_delete, read._read_refs, retrieve._context_graph) == \
           (graph._on_write, graph._on_delete, graph._read_refs, graph._context_graph)

def test_reading_a_store_without_edges(tmp_path):
    "A database built before the graph layer reads as 'no references' without writing; index_refs builds the edges."
    import litesearch.ingest as ingest
    saved = ingest._on_write
    p = tmp_path/'old.db'
    try:
        ingest._on_write = lambda *a: None                     # ingest as a version without the graph layer would
        db = database(p)
        a = db.add_doc(A, title='A')['doc_id']
        assert not db['refs'].exists()
    finally: ingest._on_write = saved
    assert db.refs(f'{a}#3') == [] and db.cited_by(f'{a}#2') == [] and db.ref_stats()['found'] == 0 and not db['refs'].exists()
    assert db.read(f'{a}#3', refs=True)['refs'] == []
    db.index_refs()
    assert [r['title'] for r in db.refs(f'{a}#3')] == ['Article 1 Definitions', 'ANNEX I Goods']
    db.close()
