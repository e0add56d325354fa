"Identifier faults (issue 12 P, O): two documents never share an id; store names that collide are refused clearly."
import itertools
import pytest
from litesearch import database
from litesearch.tree import doc_id

# ids computed by the formula every stored document was given (sha1 of source \x1f title): they must never change
KNOWN = [('notes/grahas.md', 'Grahas', '5b4015e838558191'), ('/data/eu/dir_2006_112.pdf', 'dir_2006_112', '0a3bad7670251e0f'),
         ('https://example.com/a?b=1', 'Example', '5632e2750899113c'), ('a', 'b', '687d61996b1c1278')]

@pytest.mark.parametrize('source,title,want', KNOWN)
def test_existing_ids_unchanged(source, title, want):
    assert doc_id(source, title) == want

def test_separator_collision():
    assert doc_id('a\x1fb', 'c') != doc_id('a', 'b\x1fc')
    assert doc_id('a\x1f', 'b') != doc_id('a', '\x1fb')
    assert doc_id('a\x1fb', 'c') == doc_id('a\x1fb', 'c')          # still deterministic

def test_no_collisions_exhaustive():
    "Every (source, title) pair of strings up to 3 characters over {a, 3, \\x1f}: 1,600 pairs, 1,600 ids."
    strs = [''.join(p) for n in range(4) for p in itertools.product('a3\x1f', repeat=n)]
    pairs = [(s, t) for s in strs for t in strs]
    ids = {doc_id(s, t) for s, t in pairs}
    assert len(pairs) == 1600 and len(ids) == len(pairs)

def test_colliding_documents_both_kept():
    "The second document used to replace the first."
    db = database()
    try:
        r1 = db.add_doc('# One\n\nfirst document text', title='c', source='a\x1fb')
        r2 = db.add_doc('# Two\n\nsecond document text', title='b\x1fc', source='a')
        assert r1['doc_id'] != r2['doc_id'] and not r2.get('replaced')
        assert sorted(d['title'] for d in db.toc()) == ['b\x1fc', 'c']
    finally: db.close()

def _schema(db): return db.execute('SELECT type, name FROM sqlite_master ORDER BY name').fetchall()

BAD_STORES = {'Store': 'ignore case', 'STORE': 'ignore case', 'docs': 'reserved', 'nodes': 'reserved', 'Docs': 'reserved',
              'store_fts': 'reserved', 'store_fts_data': 'reserved', 'store_fts_idx': 'reserved', 'store_fts_config': 'reserved',
              'store_annlog': 'reserved', '_litesearch': 'reserved', 'sqlite_master': 'reserved', 'sqlite_stat1': 'reserved',
              'STORE_FTS': 'reserved'}

@pytest.mark.parametrize('name', list(BAD_STORES))
def test_store_names_refused(tmp_path, name):
    db = database(tmp_path/'s.db')
    try:
        db.add_doc('# A\n\nsome text', title='a')                   # docs, nodes, store, store_fts*, _litesearch exist
        db.get_store('other', ann=True)                             # other_annlog too
        before = _schema(db)
        for f in (lambda: db.get_store(name), lambda: db.get_tree(name)):
            with pytest.raises(ValueError) as e: f()
            assert BAD_STORES[name] in str(e.value) and repr(name) in str(e.value), str(e.value)
        assert _schema(db) == before                                # nothing half-created
    finally: db.close()

def test_tables_of_another_kind_refused():
    db = database()
    try:
        db.execute('CREATE TABLE people (name TEXT)')
        db.execute('CREATE TABLE legal_docs (x TEXT)')              # where get_tree('legal') keeps its documents
        db.execute('CREATE INDEX people_name ON people(name)')
        with pytest.raises(ValueError, match='not a chunk store'): db.get_store('people')
        with pytest.raises(ValueError, match="already has an index named 'people_name'"): db.get_store('People_name')
        with pytest.raises(ValueError, match='not a tree docs table'): db.get_tree('legal')
        with pytest.raises(ValueError, match='not a tree docs table'): db.add_doc('# A\n\ntext', title='a', store='legal')
        db.execute('CREATE TABLE notes_fts (x TEXT)')
        with pytest.raises(ValueError, match='full-text index'): db.get_store('notes')
        assert not db['legal'].exists() and not db['notes'].exists()
    finally: db.close()

def test_tree_tables_case_collision():
    db = database()
    try:
        db.get_tree('legal')
        with pytest.raises(ValueError, match='ignore case'): db.get_tree('Legal')
        with pytest.raises(ValueError, match='ignore case'): db.get_tree('other', prefix='LEGAL_')
    finally: db.close()

def test_good_names_still_work(tmp_path):
    "No false alarms: stores reopen, trees with prefixes, a store whose name merely contains a reserved word."
    p = tmp_path/'g.db'
    db = database(p)
    try:
        db.add_doc('# A\n\nsome text', title='a')
        db.add_doc('# B\n\nlegal text', title='b', store='legal')
        for n in ('fts_notes', 'docs_archive', 'my_nodes_x', 'annlog2'): db.get_store(n)
    finally: db.close()
    db = database(p)
    try:
        assert [d['title'] for d in db.toc()] == ['a'] and [d['title'] for d in db.toc(store='legal')] == ['b']
        assert db.get_store('store').name == 'store' and db.get_tree('legal').docs.name == 'legal_docs'
        assert db.chunk_search('legal', table_name='legal')
    finally: db.close()

READS = [('sections', lambda db, kw: db.sections('saturn', **kw)), ('docs', lambda db, kw: db.docs('saturn', **kw)),
         ('doc_search', lambda db, kw: db.doc_search('saturn', **kw)), ('context', lambda db, kw: db.context('saturn', **kw)),
         ('toc', lambda db, kw: db.toc(**kw)), ('read', lambda db, kw: db.read('x#1', **kw)), ('refs', lambda db, kw: db.refs('x#1', **kw)),
         ('glossary', lambda db, kw: db.glossary(**kw))]

@pytest.mark.parametrize('name,read', READS, ids=[r[0] for r in READS])
@pytest.mark.parametrize('kw', [dict(store='nosuch'), dict(store='Notes'), dict(prefix='x')], ids=['store', 'case', 'prefix'])
def test_a_read_of_a_missing_store_says_so_and_makes_nothing(tmp_path, name, read, kw):
    "`sections(q, store='nosuch')` created 39 tables and answered []; `prefix='x'` ranked the store's chunks against empty tree tables."
    if name == 'glossary' and 'prefix' in kw: pytest.skip('a glossary is a store\'s: it takes no prefix')
    path = tmp_path/'a.db'
    db = database(path)
    try:
        db.add_doc('# Saturn\n\nSaturn transits slowly.', title='saturn')
        db.get_tree('notes')
        tables = lambda: sorted(r[0] for r in db.execute("SELECT name FROM sqlite_master"))
        before = tables()
        with pytest.raises(ValueError, match=r"no such store in this database \(its stores: 'notes', 'store'\); a store is made by adding documents"):
            read(db, kw)
        assert tables() == before
    finally: db.close()

def test_chunk_search_of_a_missing_store_says_so():
    "It raised SQLite's 'no such table: nosuch_fts'."
    db = database()
    db.add_doc('# Saturn\n\nSaturn transits slowly.', title='saturn')
    with pytest.raises(ValueError, match=r"store 'nosuch': no such store in this database \(its stores: 'store'\)"): db.chunk_search('saturn', store='nosuch')
    assert db.chunk_search('saturn')
