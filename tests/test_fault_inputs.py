"Hostile inputs (issue 12 Q, R, S, where=, encrypted PDFs, the per-connection cache): clear errors or correct results."
import litesearch, litesearch.tuning
from conftest import setall
import os, sys, json, random, subprocess
from pathlib import Path
import numpy as np, pytest
from litesearch import database, hash_embed
import litesearch.core as core

TRIALS = int(os.environ.get('LITESEARCH_FAULT_TRIALS', 200))   # fuzz trials: 200 in CI, more on demand
def enc(ts): return hash_embed(ts, 16)

@pytest.fixture
def db():
    d = database()
    d.add_doc('# Saturn\n\nSaturn transits slowly.', title='Grahas', source='g.md', embedder=enc)
    d.add_doc('# Ratios\n\nThe current ratio of assets.', title='Ratios', source='r.md', embedder=enc)
    yield d
    d.close()

# --- Q: toc(doc)

def test_toc_nul_matches_nothing(db):
    "A NUL used to end the LIKE pattern at '%': every document matched."
    assert db.toc('\x00') == [] and db.toc('Gra\x00') == []

def test_toc_long_substring(db):
    "'LIKE or GLOB pattern too complex' used to escape."
    assert db.toc('y' * 60000) == [] and db.toc('%' * 60000) == []

@pytest.mark.parametrize('bad', [123, 1.5, b'Grahas', object(), [b'Grahas']])
def test_toc_non_str(db, bad):
    with pytest.raises(TypeError, match='expected a document id, title'): db.toc(bad)

def test_toc_list_names_documents(db):
    "A list names documents exactly, as doc= does on every search (issue 11)."
    assert [d['title'] for d in db.toc(['Grahas'])] == ['Grahas']

def test_toc_substring_still_works(db):
    assert [d['title'] for d in db.toc('grah')] == ['Grahas']
    assert [d['title'] for d in db.toc('RATIO')] == ['Ratios']
    assert [d['title'] for d in db.toc('%')] == [] and [d['title'] for d in db.toc('_')] == []    # LIKE wildcards are plain text
    assert len(db.toc('')) == 2 and len(db.toc()) == 2
    did = db.toc('Ratios')[0]['doc_id']
    assert [d['title'] for d in db.toc(did)] == ['Ratios']

# --- where=: one expression

INJECT = ['1=1) ; CREATE TABLE t(x); --', "1=1); CREATE TABLE t(x)", '1=1) UNION SELECT 1 --', '1=1 --', '1=1 /* x */',
          "t.page = 0); DROP TABLE docs; SELECT (1", '(1=1', '1=1)', "t.heading = 'x", '1=1\x00); CREATE TABLE t(x)']

def _legs(db, w):
    q = enc(['saturn'])[0]
    st = db.t.store
    return [lambda: db.chunk_search('saturn', q, where=w), lambda: st.fts_search('saturn', where=w), lambda: st.vec_search(q, where=w),
            lambda: st.vec_search(q.astype(np.float32), where=w, dtype=np.float32, engine='sql'),
            lambda: db.sections('saturn', q, where=w), lambda: db.doc_search('saturn', q, where=w), lambda: st(where=w)]

@pytest.mark.parametrize('w', INJECT)
def test_where_one_expression(db, w):
    schema = db.execute('SELECT name FROM sqlite_master ORDER BY name').fetchall()
    for f in _legs(db, w):
        with pytest.raises(ValueError, match='one SQL expression'): f()
    assert db.execute('SELECT name FROM sqlite_master ORDER BY name').fetchall() == schema
    assert not db['t'].exists()

def test_where_legit_filters(db):
    for w, args in [("t.heading LIKE '%;%' OR t.page >= ?", [0]), ("t.doc_id IN (SELECT id FROM docs WHERE title = 'Grahas')", None),
                    ('"t"."page" = 0 AND [t].[page] = 0', None), ("t.content != 'a''b)--;'", None)]:
        hits = db.chunk_search('saturn', enc(['saturn'])[0], where=w, where_args=args)
        assert hits and all(h['doc_id'] == db.toc('Grahas')[0]['doc_id'] for h in hits[:1])

def test_where_fuzz(db):
    "Random splices of SQL pieces: each is refused, raises an SQL error, or runs; none changes the schema."
    import apsw
    rng = random.Random(7)
    parts = ['1=1', ')', '(', ';', '--', '/*', '*/', "'", '"', '[', ']', 'CREATE TABLE t(x)', 'DROP TABLE docs', 'SELECT 1',
             't.page', '=', '0', 'OR', 'AND', '\x00', "'a;b'", '"c)d"', 'UNION', 'ATTACH DATABASE ? AS x', 'VACUUM', ' ']
    schema = db.execute('SELECT name FROM sqlite_master ORDER BY name').fetchall()
    st, seen = db.t.store, {'refused': 0, 'sql error': 0, 'ran': 0}
    for _ in range(TRIALS):
        w = ' '.join(rng.choice(parts) for _ in range(rng.randrange(1, 8)))
        try: st.fts_search('saturn', where=w)
        except ValueError as e: seen['refused'] += 'one SQL expression' in str(e)
        except (apsw.Error, TypeError): seen['sql error'] += 1
        else: seen['ran'] += 1
    assert db.execute('SELECT name FROM sqlite_master ORDER BY name').fetchall() == schema
    print(TRIALS, 'where= fuzz trials:', seen)
    assert seen['refused'] and sum(seen.values()) == TRIALS

# --- R: the CLI escapes control characters

def _cli(*args, cwd):
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    return subprocess.run([sys.executable, '-m', 'litesearch.cli', *args], capture_output=True, text=True, cwd=cwd, env=env)

def test_cli_escapes_control_characters(tmp_path):
    d = tmp_path/'docs'; d.mkdir()
    (d/'e\x1b[5m.md').write_text('# Plain\n\nplain text')           # a file name (a text file with ESC inside is refused as binary)
    assert _cli('add', str(d), '--db', 'x.db', cwd=tmp_path).returncode == 0
    x = database(tmp_path/'x.db')                                     # titles and text from Python can hold anything
    x.add_doc('# Evil \x1b]0;pwned\x07 \x1b[2J heading\n\nbody \x1b[31mred\x1b[0m text with \x9b1m and \u202edesrever', title='evil\x1b[8m')
    x.close()
    outs = {}
    for args in (('toc',), ('toc', 'evil'), ('search', 'red text'), ('search', 'red text', '--sections'), ('add', str(d), '--force')):
        r = _cli(*args, '--db', 'x.db', cwd=tmp_path)
        assert r.returncode == 0, r.stderr
        outs[args] = r.stdout
        assert not any(c in r.stdout + r.stderr for c in '\x1b\x07\x9b\u202e'), (args, r.stdout)
    assert '\\x1b]0;pwned\\x07' in outs[('toc', 'evil')] and '\\x1b[31mred' in outs[('search', 'red text')]
    nid = json.loads(_cli('search', 'body', '--json', '--db', 'x.db', cwd=tmp_path).stdout)[0]['node_id']
    r = _cli('read', nid, '--db', 'x.db', cwd=tmp_path)
    assert '\x1b' not in r.stdout and '\\x1b[31mred\\x1b[0m' in r.stdout and '\\u202edesrever' in r.stdout
    r = _cli('rm', 'no\x1b[2Jsuch', '--db', 'x.db', cwd=tmp_path)          # a message quoting the input ('nothing to remove')
    assert r.returncode == 0 and '\x1b' not in r.stdout + r.stderr and 'nothing to remove' in r.stdout
    r = _cli('read', 'no\x1b[2Jsuch#1', '--db', 'x.db', cwd=tmp_path)      # an error message quoting the input
    assert r.returncode == 1 and '\x1b' not in r.stderr
    j = json.loads(_cli('toc', 'evil', '--json', '--db', 'x.db', cwd=tmp_path).stdout)     # JSON keeps the real text
    assert j[0]['sections'][0]['title'] == 'Evil \x1b]0;pwned\x07 \x1b[2J heading'

# --- S: file names that are not UTF-8

def _bad_name_dir(tmp_path):
    d = os.path.join(os.fsencode(tmp_path), b'lat\xe9n')       # the folder too
    os.mkdir(d)
    with open(os.path.join(d, b'caf\xe9.md'), 'wb') as f: f.write(b'# Cafe\n\nCoffee served in a cafe on the corner.')
    import pymupdf
    doc = pymupdf.open(); pg = doc.new_page(); pg.insert_text((72, 72), 'Tea grown on hills near the sea.')
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 100, 100), 0); pix.clear_with(128)
    pg.insert_image(pymupdf.Rect(72, 100, 272, 300), pixmap=pix)       # an image: extracted under a folder named after the file
    with open(os.path.join(d, b'th\xff.pdf'), 'wb') as f: f.write(doc.tobytes())
    return Path(os.fsdecode(d))

def test_non_utf8_file_names(tmp_path):
    try: d = _bad_name_dir(tmp_path)
    except OSError as e: pytest.skip(f'this filesystem refuses non-UTF-8 names: {e}')
    db = database(tmp_path/'x.db')
    try:
        res = db.add_dir(d)
        assert [r.get('error') for r in res] == [None, None], res
        docs = {x['title']: x for x in db.toc()}
        assert sorted(docs) == ['caf\\xe9', 'th\\xff']
        assert docs['caf\\xe9']['source'].endswith('lat\\xe9n/caf\\xe9.md')
        json.dumps(res); json.dumps(db.toc())                           # printable: no lone surrogates anywhere
        assert db.chunk_search('coffee cafe') and db.chunk_search('tea hills')
        again = db.add_dir(d)                                           # unchanged: skipped by the stored stamp
        assert all(r.get('skipped') for r in again), again
        f = d/os.fsdecode(b'caf\xe9.md')
        assert db.add_file(f)['skipped'] and db.add_file(f, force=True)['chunks'] == 1
        os.unlink(f)
        pr = db.add_dir(d, prune=True)                                  # a gone file is pruned by its escaped source
        assert [r['source'] for r in pr if r.get('removed')] == [docs['caf\\xe9']['source']]
        assert [x['title'] for x in db.toc()] == ['th\\xff']
        r = db.add_file(d/os.fsdecode(b'th\xff.pdf'), images=True, force=True)
        text = db.read(f"{r['doc_id']}#0")['text']
        assert '![image](' in text and 'th\\xff' in text, text
    finally: db.close()

# --- encrypted PDFs

def test_encrypted_pdf_says_so(tmp_path):
    import pymupdf
    doc = pymupdf.open(); doc.new_page().insert_text((72, 72), 'Confidential figures.')
    doc.save(tmp_path/'locked.pdf', encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw='secret', owner_pw='owner')
    db = database(tmp_path/'x.db')
    try:
        with pytest.raises(ValueError) as e: db.add_file(tmp_path/'locked.pdf')
        msg = str(e.value)
        assert 'encrypted' in msg and 'decrypt it first' in msg and 'truncated' not in msg, msg
        (r,) = db.add_dir(tmp_path)
        assert 'encrypted' in r['error'] and 'truncated' not in r['error']
    finally: db.close()

# --- the per-connection cache is bounded

def test_fresh_cache_bounded(db):
    "It grew by ~3 entries per query with new words until the database changed (17,813 after 6,000 queries)."
    st = litesearch.db._ls(db)
    for i in range(litesearch.tuning.FRESH_MAX + 1000): litesearch.db._fresh(db, ('k', i), lambda: i)
    assert len(st.fresh) == litesearch.tuning.FRESH_MAX
    assert litesearch.db._fresh(db, ('k', litesearch.tuning.FRESH_MAX + 999), lambda: 'recomputed') == litesearch.tuning.FRESH_MAX + 999     # recent keys stay
    assert litesearch.db._fresh(db, ('k', 0), lambda: 'recomputed') == 'recomputed'                            # the oldest went

def test_fresh_cache_bounded_by_queries(db, monkeypatch):
    monkeypatch.setattr(litesearch.tuning, 'FRESH_MAX', 300)
    rng = random.Random(3)
    for i in range(TRIALS * 3):
        db.chunk_search(f'saturn w{rng.randrange(10**9)} x{i} ratio')       # new words every query: a term count each
        assert len(litesearch.db._ls(db).fresh) <= 300
    assert len(litesearch.db._ls(db).fresh) == 300
    assert db.chunk_search('saturn transits')                                 # still answers

QUERIES = [('sections', lambda db, q, **k: db.sections(q, **k)), ('doc_search', lambda db, q, **k: db.doc_search(q, **k)),
           ('docs', lambda db, q, **k: db.docs(q, **k)), ('context', lambda db, q, **k: db.context(q, **k)),
           ('chunk_search', lambda db, q, **k: db.chunk_search(q, **k))]

@pytest.mark.parametrize('name,ask', QUERIES, ids=[n for n, _ in QUERIES])
@pytest.mark.parametrize('q', [5, b'saturn', ['saturn'], 1.5], ids=['int', 'bytes', 'list', 'float'])
def test_a_query_not_text_is_named(db, name, ask, q):
    "It failed inside a regex: `expected string or bytes-like object, got 'int'`, `cannot use a string pattern on a bytes-like object`."
    with pytest.raises(TypeError, match=rf'^q: expected the question as a string, got {type(q).__name__}$'): ask(db, q)

@pytest.mark.parametrize('name,ask', [q for q in QUERIES if q[0] in ('sections', 'doc_search', 'chunk_search')], ids=['sections', 'doc_search', 'chunk_search'])
@pytest.mark.parametrize('rrf_k', [0, -60, float('nan'), '60', True])
def test_rrf_k_is_a_positive_number(db, name, ask, rrf_k):
    "rrf_k=0 divided by zero; -60 ranked the worst first, with negative scores."
    with pytest.raises(ValueError, match=r'rrf_k=.*: expected a number more than 0'): ask(db, 'saturn', rrf_k=rrf_k)

@pytest.mark.parametrize('name,ask', [q for q in QUERIES if q[0] in ('sections', 'doc_search')], ids=['sections', 'doc_search'])
def test_route_w_is_a_weight(db, name, ask):
    "route_w=-1 pushed the named documents' own hits below everything, without a word."
    with pytest.raises(ValueError, match=r'route_w=-1: expected a number, 0 or more'): ask(db, 'saturn', route_w=-1)
    assert ask(db, 'saturn', route_w=0) and ask(db, 'saturn', route_w=2.5) == ask(db, 'saturn', route_w=2.5)

def test_weights_and_graph_w_checked(db):
    for w in [(1,), (1, -1), 'ab', (1, float('inf'))]:
        with pytest.raises(ValueError, match='weights'): db.chunk_search('saturn', weights=w)
    assert db.chunk_search('saturn', weights=(1, 0.5)) and db.chunk_search('saturn', weights=[1, 0])
    with pytest.raises(ValueError, match=r'graph_w=-0.5: expected a number, 0 or more'): db.context('saturn', graph_w=-0.5)

def test_no_query_is_no_keywords(db):
    "None stays what blank text is: nothing to match by keywords (a vector-only `chunk_search` passes it)."
    assert db.sections(None) == [] and db.sections('') == []
    assert db.chunk_search(None, enc(['saturn'])[0], limit=1)

@pytest.mark.parametrize('name,ask', [q for q in QUERIES if q[0] in ('sections', 'doc_search', 'chunk_search')], ids=['sections', 'doc_search', 'chunk_search'])
def test_a_column_the_store_lacks_is_named(db, name, ask):
    "It raised SQLite's `no such column: t.nosuch`."
    with pytest.raises(ValueError, match=r"column 'nosuch': store 'store' has no such column \(its columns: .*content"): ask(db, 'saturn', columns=['nosuch'])
    assert ask(db, 'saturn', columns=['page'])
