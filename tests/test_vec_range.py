"Vector search inside one document's rowid range (issue 13): the scoped vector leg scans that slice of the cached matrix, not the store."
import numpy as np
import pytest
from litesearch import database, hash_embed
from litesearch.retrieve import _doc_range, _scoped_hits

def _store(dtype):
    "Six documents of 30 rows each, random vectors; a few rows of document d2 deleted (masked in the cached matrix)."
    db = database()
    st = db.get_store(doc_id=str)
    rng = np.random.default_rng(7)
    V = rng.standard_normal((180, 16)).astype(dtype)
    blobs = st.add_embeddings(V)
    st.insert_all([dict(content=f'row {i}', embedding=b, doc_id=f'd{i // 30}') for i, b in enumerate(blobs)])
    st.vec_search(V[0], ['id'], 3)             # the matrix is cached before the deletes: they are masked, not reloaded
    db.execute("DELETE FROM store WHERE doc_id = 'd2' AND rowid % 4 = 0")
    return db, st, rng

@pytest.mark.parametrize('dtype', [np.float32, np.float16])
def test_range_equals_filter(dtype):
    db, st, rng = _store(dtype)
    for d in ('d0', 'd2', 'd5'):
        lo, hi = db.execute('SELECT min(rowid), max(rowid) FROM store WHERE doc_id = ?', [d]).fetchone()
        for _ in range(5):
            q = rng.standard_normal(16).astype(dtype)
            old = st.vec_search(q, ['doc_id'], 8, where='t.doc_id = ?', where_args=[d])
            both = st.vec_search(q, ['doc_id'], 8, where='t.doc_id = ?', where_args=[d], rowids=(lo, hi))
            only = st.vec_search(q, ['doc_id'], 8, rowids=(lo, hi))
            key = lambda hs: [(h['rowid'], round(h['_dist'], 5)) for h in hs]
            assert key(old) == key(both) == key(only), d
            assert len(old) == 8 and {h['doc_id'] for h in old} == {d}
            if dtype is np.float32:            # sqlite-vec takes the range too
                assert [h['rowid'] for h in st.vec_search(q, ['id'], 8, rowids=(lo, hi), engine='sql')] == [h['rowid'] for h in old]
    # a range holding only deleted rows finds nothing; the range composes with where
    assert st.vec_search(rng.standard_normal(16).astype(dtype), ['id'], 5, rowids=(64, 64)) == []
    lo, hi = 1, 180
    hs = st.vec_search(rng.standard_normal(16).astype(dtype), ['doc_id'], 5, where="t.doc_id IN ('d1', 'd4')", rowids=(lo, 60))
    assert {h['doc_id'] for h in hs} == {'d1'}
    db.close()

def test_scoped_leg_scans_only_the_document(monkeypatch):
    "The vector leg of a routed document filters its rows, not every row of the store (np.isin over the store before)."
    db = database()
    for k in range(6): db.add_doc([(p, f'Document {k} page {p} about topic {k * 7 + p} and revenue.') for p in range(40)], f'doc {k}', embedder=hash_embed)
    T = db.get_tree()
    n_store = db.execute('SELECT count(*) FROM store').fetchone()[0]
    did = db.execute("SELECT id FROM docs WHERE title = 'doc 3'").fetchone()[0]
    lo, hi = _doc_range(T, did)
    emb = hash_embed(['revenue topic 24'])[0]
    seen, isin = [], np.isin
    monkeypatch.setattr(np, 'isin', lambda a, b, *x, **k: seen.append(len(a)) or isin(a, b, *x, **k))
    hits, nkw = _scoped_hits(T, 'revenue topic 24', emb, 10, did, ['id', 'doc_id'], 60, {})
    assert nkw and hits and {h['doc_id'] for h in hits} == {did}
    # a range of the document's own rows is scanned with no filter at all (no np.isin); any filter reads its rows only
    assert n_store > 4 * (hi - lo + 1) and max(seen, default=0) <= hi - lo + 1, (seen, n_store)
    db.close()
