"Embedder faults (issue 12 I, J, K): what an embedder returns is checked before anything is stored; NaN/inf vectors and queries are refused."
import os, random
import numpy as np, pytest
from litesearch import database, hash_embed
from litesearch.embed import check_emb_fn
from litesearch.ingest import store_chunks, write_docs

TRIALS = int(os.environ.get('LITESEARCH_FAULT_TRIALS', 200))   # the fuzz below: 200 in CI, more on demand

def enc(ts): return hash_embed(ts, 16)
DOC = '# Apples\n\nApples grow on trees in orchards.\n\n# Pears\n\nPears ripen after picking, unlike apples.'

def counts(db):
    return tuple(db.execute(f'SELECT count(*) FROM [{t}]').fetchone()[0] for t in ('docs', 'nodes', 'store'))

@pytest.fixture
def db():
    d = database(); d.add_doc('# Good\n\nsome text about good apples', title='good', embedder=enc)
    yield d
    d.close()

def with_nan(ts):
    a = enc(ts); a[-1, 3] = np.nan; return a

BAD = {  # name: (embedder, words the error must hold)
    'more rows': (lambda ts: enc(ts + ['one too many']), 'for 2 texts'),
    'fewer rows': (lambda ts: enc(ts[:-1]), 'for 2 texts'),
    'None': (lambda ts: None, 'returned None'),
    'generator': (lambda ts: (r for r in enc(ts)), 'generator'),
    'ragged': (lambda ts: [list(r) for r in enc(ts)][:-1] + [[0.5] * 15], 'ragged'),
    '1-D': (lambda ts: enc(ts).ravel(), 'shape (32,)'),
    '3-D': (lambda ts: enc(ts)[None], 'shape (1, 2, 16)'),
    'strings': (lambda ts: [['a'] * 16 for _ in ts], 'values'),
    'nan': (lambda ts: with_nan(ts), 'NaN or infinite'),    # unnamed: a differently named embedder than the store's `enc` is refused outright
    'inf': (lambda ts: np.where(np.arange(16) == 0, np.float16(np.inf), enc(ts)), 'NaN or infinite'),
}

@pytest.mark.parametrize('name', list(BAD))
def test_add_doc_refuses_bad_embedder_output(db, name):
    fn, words = BAD[name]
    before = counts(db)
    with pytest.raises((ValueError, TypeError)) as e: db.add_doc(DOC, title='fruit', source='fruit.md', embedder=fn)
    assert words in str(e.value), str(e.value)
    assert counts(db) == before                              # nothing of the document was written

def test_nan_error_names_the_document(db):
    with pytest.raises(ValueError) as e: db.add_doc(DOC, title='fruit', source='notes/fruit.md', embedder=lambda ts: with_nan(ts))
    assert "document 'fruit' (source 'notes/fruit.md')" in str(e.value) and 'Fix the embedder' in str(e.value)

def test_more_rows_would_have_shifted_vectors(db):
    "J: one row too many used to be accepted and every chunk got its neighbour's vector."
    with pytest.raises(ValueError, match='for 2 texts'): db.add_doc(DOC, title='fruit', embedder=lambda ts: enc(['shifted'] + ts))
    assert db.toc('fruit') == []

@pytest.mark.parametrize('embed_batch', [0, 2000])
@pytest.mark.parametrize('name', ['more rows', 'None', 'generator', 'ragged', 'nan'])
def test_add_dir_reports_the_file(tmp_path, embed_batch, name):
    fn, words = BAD[name]
    (tmp_path/'ok.md').write_text('# Ok\n\nplain words here')
    (tmp_path/'bad.md').write_text('# Bad\n\npoisoned words here\n\n# Worse\n\npoisoned words again')   # two chunks
    def picky(ts): return fn(ts) if any('poisoned' in t for t in ts) else enc(ts)
    db = database()
    try:
        res = {os.path.basename(r['source']): r for r in db.add_dir(tmp_path, embedder=picky, embed_batch=embed_batch)}
        assert 'error' not in res['ok.md'] and res['ok.md']['chunks'] == 1
        assert words in res['bad.md']['error'], res['bad.md']['error']
        if name == 'nan': assert "document 'bad'" in res['bad.md']['error']
        assert [d['title'] for d in db.toc()] == ['ok']
        assert db.execute('SELECT count(*) FROM store WHERE embedding IS NOT NULL').fetchone()[0] == 1
    finally: db.close()

def test_write_docs_and_store_chunks_check_rows(db):
    T = db.get_tree()
    pending = []
    plans = [db.add_doc(f'# N{i}\n\nnote number {i} text', title=f'n{i}', source=f'n{i}.md', defer=pending)['_plan'] for i in range(3)]
    vecs = enc([c['content'] for c in pending])
    before = counts(db)
    with pytest.raises(ValueError, match='for 3 texts'): write_docs(T, plans, np.vstack([vecs, vecs[:1]]))
    bad = vecs.copy(); bad[2, 0] = np.inf
    with pytest.raises(ValueError, match="chunk 0 of document 'n2' \\(source 'n2.md'\\)"): write_docs(T, plans, bad)
    with pytest.raises(ValueError, match='for 2 texts'): store_chunks(T.store, pending[:2], vecs=vecs)
    with pytest.raises(TypeError, match='returned None'): store_chunks(T.store, pending[:2], embedder=lambda ts: None)
    assert counts(db) == before
    assert write_docs(T, plans, vecs) == 3

def test_add_embeddings_refuses_nonfinite(db):
    st = db.t.store
    for v in (np.full((1, 16), np.nan, np.float16), np.full((1, 16), np.inf, np.float16), [[float('nan')] * 16]):
        with pytest.raises(ValueError, match='add_embeddings got'): st.add_embeddings(v)
    # float32 beyond float16's range overflows to inf when the store keeps float16
    with pytest.raises(ValueError, match='as float16'): st.add_embeddings(np.full((1, 16), 1e6, np.float32), dtype='float16')
    with pytest.raises(ValueError, match='expected'): st.add_embeddings(np.zeros(16, np.float16))

@pytest.mark.parametrize('q', [np.full(16, np.nan, np.float32), np.r_[np.ones(15), np.inf].astype(np.float32), np.full(16, np.nan, np.float16).tobytes()], ids=['nan', 'inf', 'nan-bytes'])
def test_nonfinite_query_is_an_error(db, q):
    "A NaN query used to return [] silently."
    for f in (lambda: db.t.store.vec_search(q), lambda: db.t.store.vec_search(q, engine='sql', dtype=np.float16 if isinstance(q, bytes) else None),
              lambda: db.chunk_search('apples', q), lambda: db.sections('apples', q), lambda: db.doc_search('apples', q)):
        try: f()
        except ValueError as e:
            if 'no float16' in str(e): continue             # sqlite-vec has no float16: a different refusal
            assert 'NaN or infinite' in str(e)
        else: raise AssertionError('a NaN/inf query vector was accepted')

def test_nonfinite_query_ann(tmp_path):
    db = database(tmp_path/'a.db')
    try:
        db.add_doc(DOC, title='fruit', embedder=enc)
        with pytest.raises(ValueError, match='NaN or infinite'): db.t.store.ann_search(np.full(16, np.nan, np.float32))
        with pytest.raises(ValueError, match='NaN or infinite'): db.chunk_search('x', np.full(16, np.nan, np.float32), ann=True)
    finally: db.close()

def test_check_emb_fn_uses_the_same_check():
    for name, (fn, words) in BAD.items():
        with pytest.raises((ValueError, TypeError)) as e: check_emb_fn(fn)
        assert words.replace('2 texts', '2 texts') in str(e.value), (name, str(e.value))
    assert check_emb_fn(enc) == 16

def _broken(rng, ts):
    "A random embedder fault, or a good answer (None: good)."
    k = rng.randrange(12)
    a = enc(ts)
    if k == 0: return None, True
    if k == 1: return (r for r in a), True
    if k == 2: return np.vstack([a, a[:1]]), True
    if k == 3: return a[:-1], True
    if k == 4: return [list(r) for r in a[:-1]] + [[0.0] * rng.randrange(1, 15)], True
    if k == 5: b = a.astype(np.float32); b[rng.randrange(len(b)), rng.randrange(16)] = rng.choice([np.nan, np.inf, -np.inf]); return b.astype(np.float16), True
    if k == 6: return a.reshape(1, *a.shape), True
    if k == 7: return a.ravel(), True
    return a, False

def test_fuzz_broken_embedders():
    "Random faults from the embedder: a refused document leaves nothing; accepted ones stay findable by their own vector."
    rng, db = random.Random(12), database()
    db.get_tree()
    try:
        good = bad = 0
        for i in range(TRIALS):
            text = f'# Doc {i}\n\n' + ' '.join(rng.choice(['saturn', 'moon', 'sun', 'rahu', 'ketu', 'mars', 'venus']) + str(rng.randrange(50)) for _ in range(rng.randrange(3, 40)))
            state = {}
            def fn(ts):
                out, state['bad'] = _broken(rng, ts)
                return out
            before = counts(db)
            try: db.add_doc(text, title=f'd{i}', embedder=fn); good += 1
            except (ValueError, TypeError):
                assert state['bad'] and counts(db) == before; bad += 1
            else: assert not state['bad']
        m = np.frombuffer(b''.join(b for (b,) in db.execute('SELECT embedding FROM store')), np.float16)
        assert np.isfinite(m).all()
        assert db.execute('SELECT count(*) FROM store WHERE embedding IS NULL').fetchone()[0] == 0
        # self-recall: every stored chunk's own vector finds it first
        rows = db.execute('SELECT rowid, embedding FROM store').fetchall()
        for rid, b in rows[:50]:
            assert db.t.store.vec_search(np.frombuffer(b, np.float16), limit=1)[0]['rowid'] == rid
        print(f'{TRIALS} trials: {good} accepted, {bad} refused')
        assert good and bad
    finally: db.close()
