"The query paths issue 13 changed at 1M chunks: spans from Python, a bounded OR (its rows ranked by every term), a memory-mapped sidecar, legs on two threads."
import litesearch, litesearch.tuning
from conftest import setall
import json, os, random, warnings
import numpy as np, pytest
import litesearch.core as core
from litesearch import database, rrf_merge
from litesearch.fts import fts_terms, _or_pick, _py_spans, _rank, _span

WORDS = ('run running runs ran runner café cafe naïve naive data base database tax taxable taxation member state states '
         'shall binding entirety 2017 FY2017 PG&E fts_search 東京 都 the of and').split()

def _texts(n, seed):
    rng = random.Random(seed)
    return [' '.join(rng.choice(WORDS) for _ in range(rng.randint(5, 40))) for _ in range(n)]

def test_python_spans_are_fts5_spans():
    "The span fts_search computes in Python (the store's own tokenizer) equals FTS5's, for every row an AND matches."
    db = database(); st = db.get_store()
    st.insert_all([dict(content=t) for t in _texts(400, 1)])
    db.conn.register_fts5_function('ls_span', _span)
    rng, checked = random.Random(2), 0
    for _ in range(60):
        q = ' '.join(rng.sample(WORDS, rng.randint(2, 4))) + (' "member state"' if rng.random() < 0.3 else '')
        terms = fts_terms(q)
        e = ' AND '.join(terms)
        want = dict(db.execute('SELECT rowid, ls_span(store_fts) FROM store_fts WHERE store_fts MATCH ?', [e]))
        ids = sorted(want)
        if not ids: continue
        assert _py_spans(st, terms, ids) == [want[i] for i in ids], q
        checked += len(ids)
    assert checked > 500
    # a prefix term is FTS5's to expand: the Python path declines and fts_search asks FTS5
    assert _py_spans(st, fts_terms('tax* member'), [1]) is None
    hits = st.fts_search('tax* member', limit=50)
    assert hits and all(h['_span'] == dict(db.execute('SELECT rowid, ls_span(store_fts) FROM store_fts WHERE store_fts MATCH ?',
                                                       [' AND '.join(fts_terms('tax* member'))]))[h['rowid']] for h in hits)
    db.close()

def _weighted_store(n=600, seed=7):
    "A store indexing two columns, ranked as trees rank them (heading weighted 0.3)."
    db = database(); st = db.get_store(fts=['content', 'heading'], heading=str)
    db.execute("INSERT INTO store_fts(store_fts, rank) VALUES ('rank', 'bm25(1.0, 0.3)')")
    rng = random.Random(seed)
    st.insert_all([dict(content=t, heading=' '.join(rng.sample(WORDS, 2))) for t in _texts(n, seed)])
    return db, st

def test_python_bm25_equals_fts5_bm25(monkeypatch):
    "Ranked in Python with cached IDFs, every query returns FTS5's rows with FTS5's scores, to the last bit."
    monkeypatch.setattr(litesearch.tuning, 'POSTINGS_PER_ROW', 1)       # a small store: rank every match in Python
    db, st = _weighted_store()
    rng, ranked = random.Random(8), 0
    for i in range(80):
        terms = fts_terms(' '.join(rng.sample(WORDS, rng.randint(1, 4))) + (' "member state"' if i % 3 == 0 else '') + (' tax*' if i % 5 == 0 else ''))
        e = (' OR ' if i % 2 else ' AND ').join(terms)
        rowids = (100, 400) if i % 4 == 0 else None
        rng_sql = ' AND rowid BETWEEN ? AND ?' if rowids else ''
        py = litesearch.fts._py_rank(st, e, rowids)
        assert py is not None, e
        sql = 'SELECT rowid, {} FROM store_fts WHERE store_fts MATCH ?' + rng_sql + ' ORDER BY 2, rowid'
        got = db.execute(sql.format(py[0]), [*py[1], e, *(rowids or ())]).fetchall()
        # inside one document (a rowid range) the heading weighs tuning.DOC_HEADING_WEIGHT: FTS5 is asked with the same weights
        w = litesearch.tuning.DOC_HEADING_WEIGHT if rowids else litesearch.tuning.HEADING_WEIGHT
        want = db.execute(sql.format(f'bm25(store_fts, 1.0, {w})'), [e, *(rowids or ())]).fetchall()
        assert got == want, e
        ranked += len(got)
    assert ranked > 5000
    # the document frequency read out of bm25's score is the count of rows holding the phrase
    for t in ['"tax"', '"member state"', '"東京"', '"taxable"*', '"binding"']:
        n = db.execute('SELECT count(*) FROM store_fts WHERE store_fts MATCH ?', [t]).fetchone()[0]
        got = litesearch.fts._idf(st, t)
        assert got[1] == (n if n < 300 else None), t          # past half the rows FTS5 clamps the IDF: the count is not needed
        if n >= 300: assert got[0] == 1e-6
    db.close()

def test_or_step_ranks_by_every_term_hostile_queries():
    "Hostile and ordinary queries through the bounded OR: nothing raises, and the re-ranked rows carry FTS5's bm25 for an OR of every term."
    rng = random.Random(17)
    vocab = [f'w{i}' for i in range(300)] + list(WORDS)
    weights = [1 / (i + 1) for i in range(len(vocab))]       # Zipf-like: common words past any budget, rare ones within
    db = database(); st = db.get_store(fts=['content', 'heading'], heading=str)
    db.execute("INSERT INTO store_fts(store_fts, rank) VALUES ('rank', 'bm25(1.0, 0.3)')")
    st.insert_all([dict(content=' '.join(rng.choices(vocab, weights, k=rng.randint(8, 30))), heading=' '.join(rng.choices(vocab, weights, k=3)))
                   for _ in range(1500)])
    hostile = ['"', "'", '""', '*', '(', ')', 'NEAR', 'AND', 'OR', 'NOT', '^', ':', '-', '\\', '\x00', '🙂', '東京都', 'ＰＧ＆Ｅ', 'x' * 300]
    reranked = checked = 0
    for i in range(300):
        ws = rng.choices(vocab, weights, k=rng.randint(2, 7)) + (rng.sample(hostile, rng.randint(1, 3)) if i % 3 == 0 else [])
        rng.shuffle(ws); q = ' '.join(ws)
        budget = rng.choice([5, 30, 200])
        hits = st.fts_search(q, limit=rng.choice([1, 10, 80]), budget=budget)
        terms = fts_terms(q)
        if not hits or any(t.endswith('*') for t in terms): continue
        reranked += len(_or_pick(st, terms, budget)) < len(terms) and any(h.get('_span') is None for h in hits)
        ors = dict(db.execute(f'SELECT rowid, {_rank(st)[0]} FROM store_fts WHERE store_fts MATCH ?', [' OR '.join(terms)]).fetchall())
        n_and = sum(h.get('_span') is not None for h in hits)
        for h in hits[:n_and + litesearch.tuning.OR_RERANK_ROWS]:       # the AND rows and the re-ranked pool
            assert abs(h['_rank'] - ors[h['rowid']]) <= 1e-9 * max(1.0, abs(h['_rank'])), (q, h['rowid'])
            checked += 1
    assert reranked > 50 and checked > 2000, (reranked, checked)
    db.close()

def test_python_bm25_rereads_frequencies_after_another_connection_writes(tmp_path, monkeypatch):
    "The cached document frequencies go with any write, this connection's or another's: scores stay FTS5's."
    monkeypatch.setattr(litesearch.tuning, 'POSTINGS_PER_ROW', 1)
    a = database(tmp_path/'w.db'); st = a.get_store()
    st.insert_all([dict(content=t + (' zebra' if i % 15 == 0 else '')) for i, t in enumerate(_texts(300, 11))])
    b = database(tmp_path/'w.db'); sb = b.get_store()
    def check(q):
        e = ' AND '.join(fts_terms(q))
        got = [(h['rowid'], h['_rank']) for h in st.fts_search(q, limit=50, fts_pre=lambda _: e)]
        want = a.execute('SELECT rowid, bm25(store_fts) FROM store_fts WHERE store_fts MATCH ? ORDER BY 2 LIMIT 50', [e]).fetchall()
        assert got == [tuple(r) for r in want] and len(got) > 5, q
    check('zebra member')
    assert litesearch.fts._py_rank(st, '"zebra" AND "member"', None) is not None and litesearch.fts._idf(st, '"zebra"')[1] == 20
    sb.insert_all([dict(content='zebra member rules') for _ in range(40)])       # another connection writes
    assert litesearch.fts._idf(st, '"zebra"')[1] == 60
    check('zebra member')
    st.insert(dict(content='zebra member again'))                                # and this one
    assert litesearch.fts._idf(st, '"zebra"')[1] == 61
    check('zebra member')
    a.close(); b.close()

def test_python_bm25_is_used_only_when_it_pays(monkeypatch):
    "A match larger than PY_RANK_ROWS goes to FTS5's bm25; fts_search gives the same rows and scores either way."
    db, st = _weighted_store()
    assert litesearch.fts._py_rank(st, '"tax" OR "the"', None)[2] == 12             # 1,200 postings: a trial of 12 rows at most, then FTS5
    monkeypatch.setattr(litesearch.tuning, 'POSTINGS_PER_ROW', 1)
    qs = ['tax member', 'shall binding 2017', 'the of and', '"member state" run*', 'café naïve', '東京 都 data']
    both = []
    for cap in (0, 20_000):
        monkeypatch.setattr(litesearch.tuning, 'PY_RANK_ROWS', cap)
        both.append([[(h['rowid'], h['_rank'], h.get('_span')) for h in st.fts_search(q, limit=40)] for q in qs])
        both.append([[(h['rowid'], h['_rank']) for h in st.fts_search(q, limit=40, rowids=(50, 250))] for q in qs])
    assert both[0] == both[2] and both[1] == both[3] and sum(map(len, both[0])) > 100
    assert litesearch.fts._py_rank(st, '"tax" OR "the"', None)[2] is None          # under the bound: ranked in Python outright
    monkeypatch.setattr(litesearch.tuning, 'PY_RANK_ROWS', 5)
    assert litesearch.fts._py_rank(st, '"tax" OR "the"', None)[2] == 5              # may be bigger: ranked on trial, up to 5 rows
    assert litesearch.fts._py_rank(st, '"tax" OR "the"', None, where='t.id > 0') is None   # with a filter it is counted: hundreds of rows, FTS5's
    assert litesearch.fts._py_rank(st, '"tax" OR "the"', (10, 13))[2] is None      # four rows at most
    # a custom rank function is FTS5's to run
    db.execute("INSERT INTO store_fts(store_fts, rank) VALUES ('rank', 'bm25(1.0, 0.3) ')")
    db.execute("INSERT INTO store_fts(store_fts, rank) VALUES ('rank', 'ls_span()')")
    assert litesearch.fts._py_rank(st, '"tax"', (10, 13)) is None
    db.close()

def test_trial_ranking_gives_fts5s_answer_or_gives_up(monkeypatch):
    "A match that may pass the bound is ranked on trial: FTS5's rows and scores when it stays under; given up past the bound, or once its density projects past twice it, and then ranked by FTS5."
    monkeypatch.setattr(litesearch.tuning, 'POSTINGS_PER_ROW', 1)
    ranked, bm25 = [], litesearch.fts._bm25
    setall(monkeypatch, '_bm25', lambda *a: ranked.append(1) or bm25(*a))      # counts the rows ranked in Python
    trials, trial = [], litesearch.fts._trial_rank
    setall(monkeypatch, '_trial_rank', lambda *a: trials.append(r := trial(*a)) or r)
    db = database(); st = db.get_store()
    st.insert_all([dict(content=f'alpha {"two" if i % 2 == 0 else "odd"} {"three" if i % 3 == 0 else "other"} row') for i in range(3000)])
    fts5 = lambda e, n: [tuple(r) for r in db.execute('SELECT rowid, bm25(store_fts) FROM store_fts WHERE store_fts MATCH ? ORDER BY 2 LIMIT ?', [e, n])]
    def search(q, n=40):
        ranked.clear(); trials.clear()
        got = [(h['rowid'], h['_rank']) for h in st.fts_search(q, limit=n)]
        assert got == fts5(' AND '.join(fts_terms(q)), n) and len(got) == n, q
        return len(ranked), trials[-1] if trials else 'no trial'
    monkeypatch.setattr(litesearch.tuning, 'PY_RANK_ROWS', 700)
    # 'two' 1,500 rows, 'three' 1,000: the match may pass 700 rows; it has 500, all ranked, and kept
    n, out = search('two three')
    assert n == 500 and len(out) == 40
    n, out = search('two three', n=500)
    assert n == 500 and len(out) == 500
    # 'alpha two' matches 1,500 rows: given up at the bound (701 ranked), before its density may speak (1,024 rows)
    n, out = search('alpha two')
    assert n == 701 and out is None
    # with the density heard from 128 rows on, it projects ~3,000 rows from the first 128: given up there
    monkeypatch.setattr(litesearch.tuning, 'TRIAL_MIN_ROWS', 128)
    n, out = search('alpha two')
    assert n == 128 and out is None
    db.close()

def test_bounded_or_skips_a_rarest_term_that_is_everywhere(monkeypatch):
    "No AND match: the OR searches the rarest term only while it matches at most OR_FIRST_MAX rows (at 1M: 245 ms p95 before)."
    db = database(); st = db.get_store()
    st.insert_all([dict(content=f'alpha beta row {i}') for i in range(300)])
    assert st.fts_search('alpha beta gamma', limit=5, budget=10)          # alpha: 300 rows, under the default cap
    monkeypatch.setattr(litesearch.tuning, 'OR_FIRST_MAX', 100)
    assert st.fts_search('alpha beta gamma', limit=5, budget=10) == []    # 300 > 100: nothing worth ranking
    st.insert(dict(content='alpha rare'))
    assert [h['content'] for h in st.fts_search('alpha beta rare', limit=5, budget=10)] == ['alpha rare']   # a rare term still is
    db.close()

def _store(path, X):
    db = database(path); st = db.get_store(ann=True)
    st.insert_all([dict(content=f'r{i}', embedding=e) for i, e in enumerate(st.add_embeddings(X))])
    return db, st

@pytest.mark.skipif(not litesearch.tuning.ANN_VIEW, reason='memory-mapped sidecars are used on POSIX only')
def test_sidecar_opens_mapped_and_loads_at_its_first_change(tmp_path):
    X = np.random.default_rng(1).standard_normal((500, 8)).astype(np.float16)
    db, st = _store(tmp_path/'v.db', X[:400]); st.save_index(); db.close()
    db = database(tmp_path/'v.db'); st = db.t.store
    assert st.ann_search(X[7], limit=1)[0]['rowid'] == 8
    assert st.ann.viewed and not st.ann.dirty                  # read-only use: mapped, nothing to save
    # another connection writes and saves a newer sidecar (replacing the file this one maps)
    db2 = database(tmp_path/'v.db'); st2 = db2.t.store
    st2.insert_all([dict(content=f'r{i}', embedding=e) for i, e in zip(range(400, 500), st2.add_embeddings(X[400:]))])
    st2.save_index(); db2.close()
    assert st.ann_search(X[450], limit=1)[0]['rowid'] == 451   # its log was trimmed: the newer sidecar is checked and mapped
    assert st.ann.viewed and len(st.ann) == 500
    st.delete(451)                                             # a change to replay: read into memory first, then caught up
    assert st.ann_search(X[450], limit=1)[0]['rowid'] != 451
    assert not st.ann.viewed and len(st.ann) == 499 and st.ann.dirty
    db.close()

def test_sidecar_trusted_only_under_the_database_key(tmp_path):
    "A sidecar is loaded only if an HMAC keyed by a secret in its database vouches for its bytes and head; else rebuilt, never mapped."
    import hashlib, zlib
    X = np.random.default_rng(2).standard_normal((300, 8)).astype(np.float16)
    db, st = _store(tmp_path/'c.db', X); st.save_index(); db.close()
    side = tmp_path/'c.db.store.usearch'; head = side.with_name(side.name + '.json')
    h = json.loads(head.read_text()); key = database(tmp_path/'c.db').ls_meta('store.ann_key')
    assert h['sum'].startswith('hmac:') and h['sum'] == litesearch.ann._file_mac(side, key, h)
    db = database(tmp_path/'c.db'); st = db.t.store
    with warnings.catch_warnings():
        warnings.simplefilter('error')                         # vouched for: loaded, not rebuilt
        assert st.ann_search(X[3], limit=1)[0]['rowid'] == 4
    db.close()
    # crafted: vector bytes changed and a checksum anyone can compute written into the head (crc32 as before, sha256, or
    # an HMAC under another key): each is rebuilt from the database, and the answers are the exact ones
    for mark in (lambda b, h: f'crc32:{zlib.crc32(b):08x}', lambda b, h: hashlib.sha256(b).hexdigest(),
                 lambda b, h: litesearch.ann._file_mac(side, '11' * 32, h)):
        h = json.loads(head.read_text()); b = bytearray(side.read_bytes())      # the latest save (a rebuild saves anew)
        b[len(b) - 64:len(b) - 32] = bytes(32); side.write_bytes(bytes(b))
        head.write_text(json.dumps(dict(h, sum=mark(bytes(b), h))))
        db = database(tmp_path/'c.db'); st = db.t.store
        with pytest.warns(UserWarning, match='not vouched for|checksum mismatch'): len(st.ann)
        assert not st.ann.viewed
        exact = [r['rowid'] for r in st.vec_search(X[7], limit=5)]
        assert [r['rowid'] for r in st.ann_search(X[7], limit=5)] == exact
        db.close()
    good = side.read_bytes()
    b = bytearray(good); b[len(b) // 2] ^= 0xFF; side.write_bytes(bytes(b))     # one flipped byte under a valid head
    db = database(tmp_path/'c.db'); st = db.t.store
    with pytest.warns(UserWarning, match='checksum mismatch'): len(st.ann)
    assert st.ann_search(X[3], limit=1)[0]['rowid'] == 4
    db.close()

@pytest.mark.parametrize('cores', [1, 2])
def test_vector_leg_on_its_thread_gives_the_same_answer(tmp_path, monkeypatch, cores):
    "Database.chunk_search runs the HNSW search beside the keyword leg: the fused rows equal the legs fused one after the other."
    monkeypatch.setattr(os, 'cpu_count', lambda: cores)
    rng = np.random.default_rng(3)
    X = rng.standard_normal((400, 16)).astype(np.float32)
    db, st = _store(tmp_path/'t.db', X)
    texts = _texts(400, 4)
    for i, t in enumerate(texts): db.execute('UPDATE store SET content = ? WHERE rowid = ?', [t, i + 1])
    for i in range(0, 400, 37):
        q = ' '.join(texts[i].split()[:3])
        got = db.chunk_search(q, X[i], ['content'], limit=10, ann=True)
        f, v = st.fts_search(q, ['content'], 20), st.ann_search(X[i], ['content'], 20)
        want = rrf_merge(f, v, limit=10, weights=core.leg_weights(f, v), prox=core.prox_leg(f))
        assert [h['rowid'] for h in got] == [h['rowid'] for h in want]
    db.close()

@pytest.mark.parametrize('cores', [1, 2])
def test_exact_leg_on_its_thread_gives_the_same_answer(tmp_path, monkeypatch, cores):
    "An unfiltered exact scan that the HNSW index serves runs beside the keyword leg too, with the same fused rows."
    import threading
    monkeypatch.setattr(os, 'cpu_count', lambda: cores)
    X = np.random.default_rng(5).standard_normal((3000, 16)).astype(np.float16)
    db, st = _store(tmp_path/'t.db', X)
    texts = _texts(3000, 6)
    with db.write_txn():
        for i, t in enumerate(texts): db.execute('UPDATE store SET content = ? WHERE rowid = ?', [t, i + 1])
    assert litesearch.vectors._index_serves(st, np.float16, 'cosine')
    seen, scan = [], litesearch.vectors._exact_all
    setall(monkeypatch, '_exact_all', lambda *a: seen.append(threading.current_thread().name) or scan(*a))
    for i in range(0, 3000, 271):
        q = ' '.join(texts[i].split()[:3])
        seen.clear()
        got = db.chunk_search(q, X[i], ['content'], limit=10, ann=False)
        assert len(seen) == 1 and seen[0].startswith('litesearch-ann') == (cores == 2)
        fts = st.fts_search(q, ['content'], 20)
        vec = st.vec_search(X[i], ['content'], 20)
        want = rrf_merge(fts, vec, limit=10, weights=core.leg_weights(fts, vec), prox=core.prox_leg(fts))
        assert [h['rowid'] for h in got] == [h['rowid'] for h in want]
    db.close()

def test_an_add_that_fails_on_the_worker_warns_and_rebuilds(tmp_path, monkeypatch):
    "A document's rows go into the HNSW index on the worker thread; if that add fails, the index is built again, never left short."
    from usearch.index import Index
    monkeypatch.setattr(os, 'cpu_count', lambda: 2)
    X = np.random.default_rng(5).standard_normal((300, 8)).astype(np.float16)
    db, st = _store(tmp_path/'f.db', X[:200])
    assert len(st.ann) == 200
    real, calls = Index.add, []
    def flaky(self, *a, **k):
        calls.append(1)
        if len(calls) == 1: raise MemoryError('no room')
        return real(self, *a, **k)
    monkeypatch.setattr(Index, 'add', flaky)
    st.insert_all([dict(content=f'r{i}', embedding=e) for i, e in zip(range(200, 300), st.add_embeddings(X[200:]))])
    st.ann.sync()                                            # the add goes to the worker and fails there
    assert st.ann._job is not None
    with pytest.warns(UserWarning, match='adding rows failed.*rebuilding'):
        n = len(st.ann)
    assert n == 300 and st.ann_search(X[250], limit=1)[0]['rowid'] == 251
    db.close()

def test_an_add_in_flight_at_a_fork_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(os, 'cpu_count', lambda: 2)
    X = np.random.default_rng(6).standard_normal((100, 8)).astype(np.float16)
    db, st = _store(tmp_path/'k.db', X[:50]); len(st.ann)
    st.insert_all([dict(content=f'r{i}', embedding=e) for i, e in zip(range(50, 100), st.add_embeddings(X[50:]))])
    st.ann.sync()
    pid, job = st.ann._job
    st.ann._job = (pid + 1, job)                             # as a forked child sees it: the parent's thread is not here
    with pytest.raises(RuntimeError, match='forked'): st.ann.index
    db.close()

def test_equal_rows_are_chosen_alike_by_the_exact_scan_and_hnsw(tmp_path):
    "Twelve copies of one vector (boilerplate repeated across filings): both legs return the lowest rowids among them."
    rng = np.random.default_rng(7)
    X = rng.standard_normal((3000, 16)).astype(np.float16)
    dup = rng.permutation(np.arange(100, 3000))[:12]
    X[dup] = X[50]
    db, st = _store(tmp_path/'d.db', X)
    want = sorted([51] + [int(i) + 1 for i in dup])[:5]
    assert [h['rowid'] for h in st.vec_search(X[50], ['id'], 5)] == want
    assert [h['rowid'] for h in st.ann_search(X[50], ['id'], 5)] == want
    assert litesearch.vectors._nearest([9, 4, 7], [0.5, 0.5, 0.1], 2) == ([7, 4], [0.1, 0.5])
    db.close()

def test_exit_without_close_saves_the_sidecar(tmp_path):
    "At interpreter exit the worker pool takes no more work: the exit hook's last add runs in the caller and the sidecar is saved."
    import subprocess, sys, textwrap
    code = textwrap.dedent(f'''
        import numpy as np
        from litesearch import database
        db = database({str(tmp_path/'x.db')!r}); st = db.get_store(ann=True)
        X = np.random.default_rng(1).standard_normal((300, 8)).astype(np.float16)
        st.insert_all([dict(content=f'r{{i}}', embedding=e) for i, e in enumerate(st.add_embeddings(X[:200]))])
        len(st.ann)
        st.insert_all([dict(content=f'r{{i}}', embedding=e) for i, e in zip(range(200, 300), st.add_embeddings(X[200:]))])
    ''')
    r = subprocess.run([sys.executable, '-W', 'always', '-c', code], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and 'not saved' not in r.stderr, r.stderr
    head = json.loads((tmp_path/'x.db.store.usearch.json').read_text())
    assert head['n'] == 300
    db = database(tmp_path/'x.db')
    with warnings.catch_warnings():
        warnings.simplefilter('error')                     # loaded as saved, not rebuilt
        assert len(db.t.store.ann) == 300
    db.close()

def test_f16_scan_is_the_float64_answer():
    "numkong's float16 scan gives float64 cosine and squared-l2 distances, zero rows orthogonal, skipped rows out, on one thread or two."
    rng = np.random.default_rng(11)
    M = rng.standard_normal((5000, 24)).astype(np.float16); M[17] = 0
    q = rng.standard_normal(24).astype(np.float32)
    m64, q64 = M.astype(np.float64), q.astype(np.float16).astype(np.float64)
    cos = 1 - (m64 @ q64) / np.maximum(np.linalg.norm(m64, axis=1) * np.linalg.norm(q64), 1e-300)
    cos[17] = 1.0
    l2 = ((m64 - q64) ** 2).sum(1)
    litesearch.db._workers.pop((os.getpid(), 'scan'), None)
    for metric, want in (('cosine', cos), ('l2', l2)):
        for threads in (1, 2):
            idx, d = litesearch.vectors._f16_scan(M, q, 50, metric, threads)
            assert idx.tolist() == np.argsort(want, kind='stable')[:50].tolist()
            assert np.allclose(d, want[idx], rtol=1e-6, atol=1e-6)
    assert (os.getpid(), 'scan') in litesearch.db._workers              # two threads: the second half ran on the scan pool
    skip = np.zeros(5000, bool); skip[np.argsort(cos)[:3]] = True
    idx, _ = litesearch.vectors._f16_scan(M, q, 5, skip=skip)
    assert idx.tolist() == np.argsort(cos)[3:8].tolist()
    idx, d = litesearch.vectors._f16_scan(M, q, 5000)
    assert d[idx.tolist().index(17)] == 1.0                      # the zero row: as far as usearch puts it

def test_sidecar_rows_read_back_what_usearch_holds(tmp_path):
    "The mapped scan's reading of a sidecar: every slot's key and vector as usearch has them, removed slots marked; a file that does not add up is refused."
    from usearch.index import Index
    rng = np.random.default_rng(12)
    keys = rng.permutation(np.arange(1, 3001)).astype(np.uint64) * 5
    V = rng.standard_normal((3000, 24)).astype(np.float16)
    ix = Index(ndim=24, metric='cos', dtype='f16')
    for i in range(0, 3000, 700): ix.add(keys[i:i+700], V[i:i+700], threads=1)
    ix.remove(keys[:300])
    p = tmp_path/'x.usearch'; ix.save(str(p))
    fl = litesearch.ann._sidecar_rows(litesearch.ann._map_file(p), len(ix), 24)
    assert fl is not None and fl.free is not None and int(fl.free.sum()) == 300 and len(fl.ids) == 3000
    live = ~fl.free
    assert sorted(fl.ids[live].tolist()) == sorted(keys[300:].tolist())
    assert np.array_equal(np.asarray(ix.get(fl.ids[live], dtype=np.float16)), np.asarray(fl.m[live]))
    assert np.allclose(fl.inv[live], 1 / np.sqrt((np.asarray(fl.m[live], np.float64) ** 2).sum(1)), rtol=1e-5)
    assert litesearch.ann._sidecar_rows(litesearch.ann._map_file(p), len(ix), 24, lambda k: ix.get(k, dtype=np.float16)) is not None
    assert litesearch.ann._sidecar_rows(litesearch.ann._map_file(p), len(ix), 24, lambda k: ix.get(k[::-1], dtype=np.float16)) is None  # rows and keys paired otherwise
    assert litesearch.ann._sidecar_rows(litesearch.ann._map_file(p), len(ix) + 1, 24) is None     # another count of keys
    assert litesearch.ann._sidecar_rows(litesearch.ann._map_file(p), len(ix), 32) is None         # another dimension
    raw = p.read_bytes()
    for bad in (raw[:-1], raw + b'\0', raw[:8] + raw[9:], raw[:5]):            # cut, grown, shifted, a stub
        assert litesearch.ann._sidecar_rows(np.frombuffer(bad, np.uint8), len(ix), 24) is None

@pytest.mark.skipif(not litesearch.tuning.ANN_VIEW, reason='memory-mapped sidecars are used on POSIX only')
def test_a_reader_scans_the_mapped_sidecar_with_usearchs_answer(tmp_path, monkeypatch):
    "A reader with the sidecar mapped scans its matrix itself (both cores) and finds what usearch's exact search finds; after a write, usearch scans again."
    X = np.random.default_rng(13).standard_normal((6000, 32)).astype(np.float16)
    db, st = _store(tmp_path/'m.db', X); st.save_index(); db.close()
    db = database(tmp_path/'m.db'); st = db.t.store
    Q = np.random.default_rng(14).standard_normal((20, 32)).astype(np.float32)
    used, scan = [], litesearch.vectors._f16_scan
    setall(monkeypatch, '_f16_scan', lambda rows, *a, **k: used.append(len(rows)) or scan(rows, *a, **k))
    got = [[h['rowid'] for h in st.vec_search(q, ['id'], 10)] for q in Q]
    assert st.ann.viewed and st.ann.flat() is not None and used == [6000] * 20
    ix = st.ann.index
    assert got == [litesearch.vectors._nearest(*(lambda m: (m.keys, m.distances))(ix.search(q, 18, exact=True)), 10)[0] for q in Q]
    other = tmp_path/'o.db'; odb, ost = _store(other, X[::-1].copy()); ost.save_index(); odb.close()
    side = tmp_path/'m.db.store.usearch'; flat = st.ann.flat()
    os.replace(tmp_path/'o.db.store.usearch', side)              # another file renamed over the mapped one
    assert litesearch.vectors._exact_all(ix, Q[0], 10, flat)[0] == got[0]      # the mapping still reads the file it mapped
    st.delete(int(got[0][0]))                                    # a write: at the next search the index is read into
    used.clear()                                                 # memory, and the file on disk, now another's, refused
    with pytest.warns(UserWarning, match='checksum mismatch'): again = [h['rowid'] for h in st.vec_search(Q[0], ['id'], 10)]
    assert not st.ann.viewed and st.ann.flat() is None and used == []
    assert again == got[0][1:] + again[9:] and got[0][0] not in again
    db.close()

@pytest.mark.skipif(not litesearch.tuning.ANN_VIEW, reason='memory-mapped sidecars are used on POSIX only')
def test_a_writer_scans_the_mapped_file_after_save_index(tmp_path, monkeypatch):
    "save_index() leaves a writer searching the file it saved, mapped, as a reader does: exact scans on the mapped matrix, the same answers; the next write reads it back."
    X = np.random.default_rng(16).standard_normal((6000, 32)).astype(np.float16)
    db, st = _store(tmp_path/'w.db', X[:5000])
    Q = np.random.default_rng(17).standard_normal((12, 32)).astype(np.float32)
    used, scan = [], litesearch.vectors._f16_scan
    setall(monkeypatch, '_f16_scan', lambda rows, *a, **k: used.append(len(rows)) or scan(rows, *a, **k))
    before = [[h['rowid'] for h in st.vec_search(q, ['id'], 10)] for q in Q]
    assert not st.ann.viewed and st.ann.dirty and used == []          # its index in memory: usearch scans it
    st.save_index()
    assert st.ann.viewed and not st.ann.dirty
    assert [[h['rowid'] for h in st.vec_search(q, ['id'], 10)] for q in Q] == before and used == [5000] * 12
    st.insert_all([dict(content=f'r{i}', embedding=e) for i, e in zip(range(5000, 6000), st.add_embeddings(X[5000:]))])
    assert st.ann_search(X[5500], limit=1)[0]['rowid'] == 5501       # read back into memory, then caught up
    assert not st.ann.viewed and st.ann.dirty and len(st.ann) == 6000
    st.save_index(view=False)                                         # saved, the copy kept
    assert not st.ann.viewed and not st.ann.dirty
    db.close()
    db = database(tmp_path/'w.db'); assert len(db.t.store.ann) == 6000 and db.t.store.ann.viewed; db.close()

def _scan_in_child(q):
    M = np.random.default_rng(15).standard_normal((30000, 256)).astype(np.float16)
    return litesearch.vectors._f16_scan(M, np.asarray(q), 5, threads=2)[0].tolist()

@pytest.mark.skipif(not hasattr(os, 'fork'), reason='fork is POSIX only')
def test_a_forked_child_scans_on_two_threads_of_its_own():
    "The scan pool a parent made has no thread in a forked child: the child makes its own instead of waiting forever."
    import multiprocessing as mp
    q = np.random.default_rng(16).standard_normal(256).astype(np.float32)
    want = _scan_in_child(q)                                      # the parent's pool exists now
    assert (os.getpid(), 'scan') in litesearch.db._workers
    with mp.get_context('fork').Pool(1) as pool:
        assert pool.apply_async(_scan_in_child, (q,)).get(timeout=60) == want

@pytest.mark.parametrize('cores', [1, 2])
def test_a_big_index_takes_a_documents_rows_on_both_cores(tmp_path, monkeypatch, cores):
    "Past ANN_PAR_ADD_ROWS a document's rows are added on two threads (one core: one), on the worker; every row is then in the index."
    from usearch.index import Index
    monkeypatch.setattr(os, 'cpu_count', lambda: cores)
    monkeypatch.setattr(litesearch.tuning, 'ANN_PAR_ADD_ROWS', 600)
    seen, add = [], Index.add
    monkeypatch.setattr(Index, 'add', lambda self, keys, vecs, *a, threads=0, **k: seen.append((len(self), len(keys), threads)) or add(self, keys, vecs, *a, threads=threads, **k))
    X = np.random.default_rng(17).standard_normal((1500, 16)).astype(np.float16)
    db = database(tmp_path/'p.db'); st = db.get_store(ann=True)
    for i in range(0, 1500, 300):
        st.insert_all([dict(content=f'r{j}', embedding=e) for j, e in zip(range(i, i + 300), st.add_embeddings(X[i:i + 300]))])
        st.ann.sync()
    assert len(st.ann) == 1500 and set(st.ann.index.keys) == set(range(1, 1501))
    assert [t for n, k, t in seen if k == 300 and n >= 600] == [cores] * 3 and all(t == 1 for n, k, t in seen if k == 300 and n < 600)
    db.close()

def test_documents_go_in_on_one_thread_unless_asked(tmp_path, monkeypatch):
    "By default (ANN_PAR_ADD_ROWS None) a document's rows are added on one thread however big the index: recall first."
    from usearch.index import Index
    monkeypatch.setattr(os, 'cpu_count', lambda: 2)
    seen, add = [], Index.add
    monkeypatch.setattr(Index, 'add', lambda self, keys, vecs, *a, threads=0, **k: seen.append(threads) or add(self, keys, vecs, *a, threads=threads, **k))
    X = np.random.default_rng(18).standard_normal((900, 16)).astype(np.float16)
    db = database(tmp_path/'o.db'); st = db.get_store(ann=True)
    for i in range(0, 900, 300):
        st.insert_all([dict(content=f'r{j}', embedding=e) for j, e in zip(range(i, i + 300), st.add_embeddings(X[i:i + 300]))])
        st.ann.sync()
    assert litesearch.tuning.ANN_PAR_ADD_ROWS is None and len(seen) >= 2 and set(seen) == {1}
    db.close()

def _tune_store(path, n, seed=0):
    from litesearch.embed import hash_embed
    words = 'saturn jupiter moon sign house transit remedy year month day week recitation planet orbit slow fast'.split()
    rng = random.Random(seed)
    texts = [' '.join(rng.choice(words) for _ in range(12)) for _ in range(n)]
    db = database(path, embedder='hash'); st = db.get_store(ann=True)
    st.insert_all([dict(content=t, embedding=b) for t, b in zip(texts, st.add_embeddings(hash_embed(texts)))])
    return db, st, texts

def test_tune_index_turns_to_the_scan_where_hnsw_misses_until_the_store_doubles(tmp_path, monkeypatch):
    "No breadth reaches the target (HNSW crippled to breadth 1 here): ann=None scans exactly, and the choice is stored for other processes, until the index doubles."
    monkeypatch.setattr(litesearch.tuning, 'ANN_MIN_ROWS', 1000)            # HNSW by default from 1,000 rows
    setall(monkeypatch, '_ef_search', lambda base, n: 1)
    monkeypatch.setattr(litesearch.tuning, 'TUNE_BREADTHS', ())
    db, st, texts = _tune_store(tmp_path/'t.db', 3000)
    assert not core._use_ann(st, None)                        # not measured: the exact scan (test_fault_ann)
    r = st.tune_index()
    assert r['exact'] and r['ef'] == 1 and r['recall'] < 0.97 and r['rows'] == 3000 and r['queries'] == 128
    scans = []
    exact_all = litesearch.vectors._exact_all
    setall(monkeypatch, '_exact_all', lambda *a: scans.append(1) or exact_all(*a))
    hits = db.chunk_search(texts[5], limit=5)
    assert scans == [1] and hits                              # the vector leg was the exact scan
    other = database(tmp_path/'t.db')                         # another process: the choice is in the database
    assert not core._use_ann(other.t.store, None); other.close()
    st.insert_all([dict(content=t, embedding=b) for t, b in zip(texts, st.add_embeddings(np.asarray(db.embedder().query(texts))))])
    st.insert(dict(content='one more', embedding=st.add_embeddings(np.asarray(db.embedder().query(['one more'])))[0]))
    assert not core._use_ann(st, None) and 'doubled' in st.ann_plan()['why']     # 6,001 rows: more than twice what was measured, unmeasured
    db.close()

def test_tune_index_widens_the_breadth_searches_use(tmp_path, monkeypatch):
    "A measured breadth is what every HNSW search of the store uses (never below `_ef_search`'s); past twice the rows, the wider of the two."
    db, st, texts = _tune_store(tmp_path/'w.db', 3000)
    r = st.tune_index()
    assert r['ef'] >= litesearch.ann._ef_search(1024, 3000) and r['rungs'][0][0] == litesearch.ann._ef_search(1024, 3000)
    db.ls_meta('store.ann_tune', dict(r, ef=3072, exact=False))
    st.ann_search(np.asarray(db.embedder().query([texts[0]]))[0], limit=3)
    assert st.ann.index.expansion_search == 3072
    assert st.ann.breadth(6000) == 3072 and st.ann.breadth(6001) == max(3072, litesearch.ann._ef_search(1024, 6001))
    db.ls_meta('store.ann_tune', dict(r, ef=512, exact=False))
    assert st.ann.breadth(7000) == litesearch.ann._ef_search(1024, 7000)     # grown past it: the formula's, wider than 512
    db.close()

def test_tune_index_read_only_and_too_few_queries(tmp_path):
    db, st, texts = _tune_store(tmp_path/'r.db', 2600); st.save_index(); db.close()
    ro = database(tmp_path/'r.db', readonly=True)
    with pytest.warns(UserWarning, match='not stored'): r = ro.t.store.tune_index(nq=16)
    assert r['queries'] == 16 and ro.ls_meta('store.ann_tune') is None
    with pytest.raises(ValueError, match='usable queries'): ro.t.store.tune_index(queries=['?!', 'saturn moon'])
    ro.close()

def test_add_dir_measures_recall_once_the_store_is_big_enough(tmp_path, monkeypatch):
    "A load that leaves an indexed store of ANN_MIN_ROWS rows (40 here) or more, never measured, ends with tune_index (the next only past twice the rows), and one that changed a tenth of the index with it saved."
    import litesearch.tree
    monkeypatch.setattr(litesearch.tuning, 'ANN_MIN_ROWS', 40)
    monkeypatch.setattr(litesearch.tuning, 'ANN_BUILD_ROWS', 10)      # the index kept from 10 rows, as from 2,500 by default
    words = 'saturn jupiter moon sign house transit remedy year month day week recitation planet orbit slow fast'.split()
    rng = random.Random(3)
    d = tmp_path/'docs'; d.mkdir()
    page = lambda: '\n\n'.join(' '.join(rng.choice(words) for _ in range(60)) + '.' for _ in range(4))
    for i in range(10): (d/f'f{i}.txt').write_text(page())
    db = database(tmp_path/'a.db', embedder='hash')
    r = db.add_dir(d, n_workers=0)
    n = db.execute('SELECT count(*) FROM store').fetchone()[0]
    assert n < 40 and 'tuned' not in r.stats and db.ls_meta('store.ann_tune') is None     # too small: exact anyway
    for i in range(10, 40): (d/f'f{i}.txt').write_text(page())
    r = db.add_dir(d, n_workers=0)
    n = db.execute('SELECT count(*) FROM store').fetchone()[0]
    assert n >= 40 and r.stats['tuned']['rows'] == n and db.ls_meta('store.ann_tune')['rows'] == n
    # the load changed more than a tenth of the index: it ends saved, and this process searches the file mapped
    assert r.stats['index_saved'] and not db.t.store.ann.dirty and db.t.store.ann.viewed == litesearch.tuning.ANN_VIEW
    (d/'f40.txt').write_text(page())
    r = db.add_dir(d, n_workers=0)
    assert 'tuned' not in r.stats and 'index_saved' not in r.stats                     # not twice the rows; under a tenth
    assert db.t.store.ann.dirty                                                         # close saves it
    db.close()

def test_add_dir_measures_a_store_of_short_chunks(tmp_path, monkeypatch):
    "A store whose chunks are a word or two each (a heading's line) is measured too: its queries run on into the next chunks, so add_dir does not warn."
    monkeypatch.setattr(litesearch.tuning, 'ANN_MIN_ROWS', 200)
    monkeypatch.setattr(litesearch.tuning, 'ANN_BUILD_ROWS', 50)
    d = tmp_path/'docs'; d.mkdir()
    (d/'short.md').write_text('\n\n'.join(f"{'#' * (1 + i % 4)} Heading {i}\n\nword{i}" for i in range(300)))
    db = database(tmp_path/'a.db', embedder='hash')
    with warnings.catch_warnings(): warnings.simplefilter('error'); r = db.add_dir(d, n_workers=0)
    n = db.execute('SELECT count(*) FROM store').fetchone()[0]
    assert n >= 200 and max(len(c.split()) for c, in db.execute('SELECT content FROM store')) < 8
    assert 'index_errors' not in r.stats and r.stats['tuned']['rows'] == n and r.stats['tuned']['queries'] >= 8
    db.close()
