"The exact scan's matrix: stored dtype in memory, caught up from the change log after writes, always equal to brute force."
import numpy as np, pytest
from litesearch import database
from litesearch.db import _ls

def _brute(X, alive, q, k=5):
    A = X[alive].astype(np.float64); qq = q.astype(np.float64)
    d = 1 - A @ qq / np.linalg.norm(A, axis=1) / np.linalg.norm(qq)
    return [alive[i] + 1 for i in np.argsort(d, kind='stable')[:k]]

@pytest.mark.parametrize('ann,dt', [(True, np.float16), (True, np.float32), (False, np.float16)])
def test_matrix_follows_writes(tmp_path, ann, dt):
    rng = np.random.default_rng(7); X = rng.standard_normal((900, 24)).astype(dt)
    db = database(tmp_path/'v.db'); st = db.get_store(ann=ann)
    ins = lambda a, b: st.insert_all([dict(id=i+1, content=f'r{i}', embedding=e) for i, e in zip(range(a, b), st.add_embeddings(X[a:b]))])
    ins(0, 600)
    alive = list(range(600)); Q = rng.standard_normal((6, 24)).astype(dt)
    got = lambda: [[h['rowid'] for h in st.vec_search(q, ['id'], 5)] for q in Q]
    assert got() == [_brute(X, alive, q) for q in Q]
    mat = _ls(db).mats[('store', np.dtype(dt).name)]
    assert mat.m.dtype == dt, 'the stored dtype stays in memory, no float32 copy'
    ins(600, 900); alive += range(600, 900)
    assert got() == [_brute(X, alive, q) for q in Q]
    with db.conn: db.execute('DELETE FROM store WHERE rowid IN (3, 50, 700)')
    alive = [i for i in alive if i + 1 not in (3, 50, 700)]
    assert got() == [_brute(X, alive, q) for q in Q]
    # with a change log the same matrix was appended to and masked; without one it was read again
    assert (_ls(db).mats[('store', np.dtype(dt).name)] is mat) == ann and mat.n == (900 if ann else 600)
    with db.conn: db.execute('UPDATE store SET embedding = ? WHERE rowid = 10', [Q[0].tobytes()])
    X[9] = Q[0]
    assert [h['rowid'] for h in st.vec_search(Q[0], ['id'], 1)] == [10]
    assert [h['rowid'] for h in st.vec_search(Q[1], ['id'], 3, where='t.id > 850')] == [r for r in _brute(X, alive, Q[1], 900) if r > 850][:3]
    db.close()

def test_rolled_back_rows_never_reach_the_matrix(tmp_path):
    rng = np.random.default_rng(8); X = rng.standard_normal((50, 8)).astype(np.float16)
    db = database(tmp_path/'r.db'); st = db.get_store(ann=True)
    st.insert_all([dict(content='a', embedding=e) for e in st.add_embeddings(X[:40])])
    st.vec_search(X[0], ['id'], 1)
    with pytest.raises(RuntimeError):
        with db.conn:
            st.insert_all([dict(content='b', embedding=e) for e in st.add_embeddings(X[40:])])
            assert st.vec_search(X[45], ['id'], 1)[0]['rowid'] == 46          # its own uncommitted row, inside
            raise RuntimeError('abort')
    assert st.vec_search(X[45], ['id'], 1)[0]['rowid'] != 46
    st.insert_all([dict(content='c', embedding=e) for e in st.add_embeddings(X[40:41])])
    assert st.vec_search(X[40], ['id'], 1)[0]['rowid'] == 41
    db.close()

def test_many_masked_rows_near_the_query(tmp_path):
    "Deleted rows nearest the query are masked, not returned, even when they fill more than one top-k."
    X = np.random.default_rng(9).standard_normal((400, 16)).astype(np.float16)
    X[:60] = X[0] + np.float16(0.01) * np.random.default_rng(10).standard_normal((60, 16)).astype(np.float16)
    db = database(tmp_path/'k.db'); st = db.get_store(ann=True)
    st.insert_all([dict(id=i+1, content='x', embedding=e) for i, e in enumerate(st.add_embeddings(X))])
    st.vec_search(X[0], ['id'], 5)
    with db.conn: db.execute('DELETE FROM store WHERE rowid BETWEEN 2 AND 59')
    got = [h['rowid'] for h in st.vec_search(X[0], ['id'], 5)]
    assert got[:2] == [1, 60] and len(got) == 5 and all(r == 1 or r >= 60 for r in got)
    assert _ls(db).mats[('store', 'float16')].ndead == 58
    db.close()
