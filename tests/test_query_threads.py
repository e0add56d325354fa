"Queries embedded on the worker thread (`vectors._QueryVec`) while the keywords are ranked: many callers at once get the answers one caller gets alone, and none waits for ever."
import random
from concurrent.futures import ThreadPoolExecutor
import numpy as np
from litesearch import database, tuning
from litesearch.core import _query_emb
from litesearch.vectors import _QueryVec

WORDS = 'polonium thorium radium uranium cobalt nickel copper zinc argon neon xenon krypton boron carbon'.split()

def _store(path):
    rng = random.Random(7)
    db = database(path)
    for i in range(24):
        body = '\n\n'.join(f'## Part {j}\n\n' + ' '.join(rng.choice(WORDS) for _ in range(40)) for j in range(4))
        db.add_doc(f'# Report {i}\n\n{body}', title=f'report {i}', embedder='hash:32')
    db.close()

def _answers(db, qs):
    "What each surface ranks that takes the query's vector: chunks, documents, sections."
    return [([r['rowid'] for r in db.chunk_search(q, limit=8)], [d['doc_id'] for d in db.docs(q)],
             [s['node_id'] for s in db.sections(q, limit=5)]) for q in qs]

def test_threads_get_what_one_caller_gets(tmp_path, monkeypatch):
    path = tmp_path/'t.db'; _store(path)
    rng = random.Random(11)
    qs = [' '.join(rng.sample(WORDS, 3)) + f' report {i}' for i in range(30)]
    db = database(path)
    try:
        assert isinstance(_query_emb(db, db.t.store, qs[0]), _QueryVec)      # the path under test
        # the reference: nothing kept between questions, and the chunks of each query's vector given outright
        with monkeypatch.context() as m:
            m.setattr(tuning, 'KEPT_RANKINGS', 0)
            ref = _answers(db, qs)
        e = db.embedder()
        assert [a[0] for a in ref] == [[r['rowid'] for r in db.chunk_search(q, e.query([q])[0], limit=8)] for q in qs]
        alone = _answers(db, qs)
        assert alone == ref
    finally: db.close()
    assert any(a[0] for a in alone) and any(a[1] for a in alone)
    def caller(k):
        d = database(path)
        try: return _answers(d, qs[k:] + qs[:k])
        finally: d.close()
    ex = ThreadPoolExecutor(6)
    # a job waiting for a later one on the single worker would hang: the timeout fails the test instead (and no
    # `with`: its exit would wait for the hung threads)
    try: got = [f.result(timeout=120) for f in [ex.submit(caller, k) for k in range(6)]]
    finally: ex.shutdown(wait=False)
    for k, g in enumerate(got): assert g == alone[k:] + alone[:k], k

def test_embedder_error_reaches_the_caller(tmp_path):
    "An embedder failing on the worker thread raises in the caller, and the worker goes on serving."
    path = tmp_path/'t.db'; _store(path)
    db = database(path)
    try:
        from litesearch.embed import Embedder, hash_embed
        calls = []
        def flaky(ts):
            calls.append(ts)
            if len(calls) == 1: raise RuntimeError('model gone')
            return hash_embed(ts, 32)
        db.embedder = lambda spec=None, store='store', record=False: Embedder(flaky, 'hash:32')
        try: db.chunk_search('polonium thorium')
        except RuntimeError as e: assert 'model gone' in str(e)
        else: raise AssertionError('the embedder error was lost')
        assert np.asarray(_query_emb(db, db.t.store, 'polonium thorium')).shape == (32,)
        assert db.chunk_search('polonium thorium', limit=3)
    finally: db.close()
