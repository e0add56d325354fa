"The exact scan's memory at 1M rows (issue 13): no second copy beside the HNSW index; a matrix read at its final size, and read again rather than replay a long log."
import litesearch, litesearch.tuning
from conftest import setall
import numpy as np, pytest
import litesearch.core as core
from litesearch import database
from litesearch.db import _ls

def _brute(X, q, k=5):
    d = 1 - X.astype(np.float64) @ q.astype(np.float64) / np.linalg.norm(X.astype(np.float64), axis=1) / np.linalg.norm(q.astype(np.float64))
    return [int(i) + 1 for i in np.argsort(d, kind='stable')[:k]]

def _db(tmp_path, X, n, ann=False):
    db = database(tmp_path/'m.db'); st = db.get_store(ann=ann)
    st.insert_all([dict(id=i + 1, content=f'r{i}', embedding=e) for i, e in enumerate(st.add_embeddings(X[:n]))])
    return db, st

def test_matrix_is_read_at_its_size(tmp_path):
    # read 50k rows at a time, it grew by doubling: the old and the new copy at once (906 MB peak for 605 MB at 1M
    # rows), and 200,000 slots here
    X = np.random.default_rng(1).standard_normal((110_000, 4)).astype(np.float16)
    db, st = _db(tmp_path, X, 110_000)
    assert [h['rowid'] for h in st.vec_search(X[7], ['id'], 5)] == _brute(X, X[7])
    mat = _ls(db).mats[('store', 'float16')]
    assert mat.n == 110_000 and len(mat.ids) == mat.m.shape[0] == 110_000 + 110_000 // 4 + 1024     # a quarter to grow into
    db.close()

def test_long_log_reloads_short_log_replays(tmp_path, monkeypatch):
    monkeypatch.setattr(litesearch.tuning, 'MAT_REPLAY_MAX', 100)
    X = np.random.default_rng(2).standard_normal((1500, 8)).astype(np.float16)
    db, st = _db(tmp_path, X, 200, ann=True)        # the change log it replays; below ANN_BUILD_ROWS no index serves the scan
    key = ('store', 'float16')
    st.vec_search(X[0], ['id'], 1); mat = _ls(db).mats[key]
    add = lambda a, b: st.insert_all([dict(id=i + 1, content=f'r{i}', embedding=e) for i, e in zip(range(a, b), st.add_embeddings(X[a:b]))])
    add(200, 290)                                   # 90 log entries: replayed into the same matrix
    assert [h['rowid'] for h in st.vec_search(X[3], ['id'], 5)] == _brute(X[:290], X[3])
    assert _ls(db).mats[key] is mat and mat.n == 290
    add(290, 1500)                                  # 1,210 entries: read again, at its size
    assert [h['rowid'] for h in st.vec_search(X[1400], ['id'], 5)] == _brute(X, X[1400])
    new = _ls(db).mats[key]
    assert new is not mat and new.n == 1500 and len(new.ids) == 1500 + 1500 // 4 + 1024
    db.close()

def test_close_drops_the_matrix(tmp_path):
    "A closed Database still referenced (by a variable, a Table) held its matrix beside the reopened connection's (1.94 GB peak at 1M rows)."
    X = np.random.default_rng(3).standard_normal((300, 8)).astype(np.float16)
    db, st = _db(tmp_path, X, 300)
    st.vec_search(X[0], ['id'], 1)
    assert _ls(db).mats
    db.close()
    assert not _ls(db).mats

def test_index_serves_the_exact_scan(tmp_path):
    "A float16 store with an HNSW index scans the index's own vectors exactly: no matrix (512 MB at 1M rows) beside it."
    X = np.random.default_rng(4).standard_normal((3000, 8)).astype(np.float16)
    db, st = _db(tmp_path, X, 3000, ann=True)
    for i in (7, 1234, 2999):
        assert [h['rowid'] for h in st.vec_search(X[i], ['id'], 5)] == _brute(X, X[i])
    assert not _ls(db).mats and 'store' in _ls(db).anns
    # a rowid range and a SQL filter read their rows out of the index and scan them exactly
    inside = [h['rowid'] for h in st.vec_search(X[100], ['id'], 5, rowids=(51, 250))]
    assert inside == [r + 50 for r in _brute(X[50:250], X[100])]
    odd = [h['rowid'] for h in st.vec_search(X[100], ['id'], 5, where='t.rowid % 2 = 1')]
    assert odd == [r for r in _brute(X, X[100], 3000) if r % 2][:5]
    # a deleted row is gone from the scan; the distances are the matrix's (same usearch kernel)
    st.delete(_brute(X, X[1234])[0])
    got = st.vec_search(X[1234], ['id'], 5)
    assert [h['rowid'] for h in got] == _brute(X, X[1234], 6)[1:]
    assert not _ls(db).mats
    db.close()
    db = database(tmp_path/'m.db'); st = db.t.store
    ref = st.vec_search(X[1234], ['id'], 5, metric='l2')       # l2 is not what the index holds: the matrix scans it
    assert _ls(db).mats and len(ref) == 5
    db.close()

def test_broad_filter_scans_the_matrix(tmp_path, monkeypatch):
    "A filter allowing more rows than INDEX_SCAN_MAX is scanned in the matrix, not read row by row from SQLite."
    monkeypatch.setattr(litesearch.tuning, 'INDEX_SCAN_MAX', 100)
    X = np.random.default_rng(5).standard_normal((3000, 8)).astype(np.float16)
    db, st = _db(tmp_path, X, 3000, ann=True)
    assert [h['rowid'] for h in st.vec_search(X[9], ['id'], 5, where='t.rowid <= 100')] == _brute(X[:100], X[9])
    assert not _ls(db).mats
    assert [h['rowid'] for h in st.vec_search(X[9], ['id'], 5, where='t.rowid <= 1000')] == _brute(X[:1000], X[9])
    assert _ls(db).mats
    db.close()

def test_filtered_scans_read_their_rows_from_sqlite(tmp_path, monkeypatch):
    "A range, a filter, and a filter inside a range (a routed document) each read only their rows' vectors from SQLite, never the index, and find the exact neighbours."
    X = np.random.default_rng(6).standard_normal((3000, 8)).astype(np.float16)
    db, st = _db(tmp_path, X, 3000, ann=True)
    st.update(17, dict(embedding=None))          # a row without a vector is skipped, not read as zeros
    sqls = []
    db.conn.exec_trace = lambda cur, sql, args: sqls.append(sql) or True
    monkeypatch.setattr(litesearch.ann.AnnIndex, 'index', property(lambda self: pytest.fail('a filtered scan touched the HNSW index')))
    ok = lambda lo, hi, keep=lambda r: True: [r for r in _brute(X, X[100], 3000) if lo <= r <= hi and keep(r) and r != 17]
    assert [h['rowid'] for h in st.vec_search(X[100], ['id'], 5, rowids=(1, 400))] == ok(1, 400)[:5]
    assert [h['rowid'] for h in st.vec_search(X[100], ['id'], 5, rowids=(1, 400), where='t.id % 3 > 0')] == ok(1, 400, lambda r: r % 3)[:5]
    assert [h['rowid'] for h in st.vec_search(X[100], ['id'], 5, rowids=(1, 400), where='t.id % 10 = 0')] == ok(1, 400, lambda r: r % 10 == 0)[:5]
    assert [h['rowid'] for h in st.vec_search(X[100], ['id'], 5, where='t.id % 7 = 2')] == ok(1, 3000, lambda r: r % 7 == 2)[:5]
    assert [h['rowid'] for h in st.vec_search(X[100], ['id'], 5, where='t.id % 3 = 1')] == ok(1, 3000, lambda r: r % 3 == 1)[:5]   # 1,000 rows: two batches of IN
    db.conn.exec_trace = None
    assert any('BETWEEN' in s and 'embedding' in s for s in sqls) and any('IN (' in s and 'embedding' in s for s in sqls)
    assert not _ls(db).mats
    db.close()
