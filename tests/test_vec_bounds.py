"A float32 scan that reads int8 codes first (`_cos_bounds`, `_cos_top`) answers what the exact scan of every row answers, to the bit."
import numpy as np, pytest
from litesearch import tuning
from litesearch.vectors import _Mat, _cos_bounds, _cos_dists, _cos_top

def _rows(rng, kind, n, dim):
    if kind == 0: m = rng.standard_normal((n, dim))
    elif kind == 1: m = rng.standard_normal((n, dim)) * rng.lognormal(0, 3, (n, 1))          # norms over many decades
    elif kind == 2: m = rng.standard_normal((5, dim))[rng.integers(0, 5, n)] + 1e-3 * rng.standard_normal((n, dim))  # near-duplicates
    elif kind == 3: m = np.abs(rng.standard_normal((n, dim))) ** 3                           # one large coordinate per row
    else: m = np.round(rng.standard_normal((n, dim)) * 2)                                   # exact duplicates and zero rows
    return m.astype(np.float32)

def _top(mat, q, k, sel, bounded):
    old = tuning.QUANT_SCAN_MIN
    tuning.QUANT_SCAN_MIN = 1 if bounded else 10**9
    mat.bounds = mat.last = None
    try: return _cos_top(mat, q, k, sel)
    finally: tuning.QUANT_SCAN_MIN = old

@pytest.mark.parametrize('seed', range(4))
def test_bounds_hold_and_the_top_is_the_exact_scans(seed):
    rng = np.random.default_rng(seed)
    for trial in range(40):
        dim, n = int(rng.choice([3, 8, 64, 384, 1024])), int(rng.integers(5, 3000))
        m = _rows(rng, trial % 5, n, dim)
        mat = _Mat(np.float32, dim); mat.append(np.arange(n) * 2 + 1, m)
        q = (m[rng.integers(0, n)] + rng.standard_normal(dim).astype(np.float32) * float(rng.choice([0, 0.1, 1]))).astype(np.float32)
        if not np.linalg.norm(q): q[0] = 1
        d = _cos_dists(mat, q).copy(); mat.last = None
        lo, hi = _cos_bounds(mat, q)
        assert (lo <= d).all() and (d <= hi).all(), (seed, trial)
        if rng.random() < 0.3: mat.kill(mat.ids[rng.integers(0, n, n // 3)])
        sel = np.sort(rng.choice(n, int(rng.integers(1, n + 1)), replace=False)) if rng.random() < 0.4 else None
        k = int(rng.integers(1, 60))
        pos, dist = _top(mat, q, k, sel, True)
        live = np.flatnonzero(~mat.dead[:n]) if sel is None else sel
        o = np.lexsort((live, d[live]))[:k]                       # brute force: (distance, position)
        assert (pos == live[o]).all() and (dist == d[live][o]).all(), (seed, trial)
        e = _top(mat, q, k, sel, False)
        assert (e[0] == pos).all() and (e[1] == dist).all()

def test_a_row_without_finite_numbers_is_computed_not_bounded():
    m = np.random.default_rng(1).standard_normal((50, 16)).astype(np.float32)
    m[3, 2] = np.nan; m[9, 0] = np.inf
    mat = _Mat(np.float32, 16); mat.append(np.arange(1, 51), m)
    lo, hi = _cos_bounds(mat, m[0])
    assert lo[3] == -np.inf and hi[3] == np.inf and lo[9] == -np.inf
    pos, d = _top(mat, m[0], 60, None, True)
    assert 3 not in pos and 9 not in pos and len(pos) == 48 and pos[0] == 0      # as the exact scan: non-finite rows left out
    assert (pos == _top(mat, m[0], 60, None, False)[0]).all()

def test_rows_appended_after_a_bounded_scan_are_coded():
    rng = np.random.default_rng(2)
    v = rng.standard_normal((5000, 24)).astype(np.float32)
    mat = _Mat(np.float32, 24); mat.append(np.arange(1, 4501), v[:4500])
    _top(mat, v[0], 5, None, True)
    assert mat.coded == 4500
    mat.append(np.arange(4501, 5001), v[4500:])
    q = v[4700] + 0.01
    pos, _ = _top(mat, q, 3, None, True)
    assert mat.coded == 5000 and pos[0] == 4700
    # the rows coded before the matrix grew kept their codes: every distance still lies within its bounds
    lo, hi = _cos_bounds(mat, q); d = _cos_dists(mat, q)
    assert (lo <= d).all() and (d <= hi).all() and len(mat.ids) > 5000

def test_a_matrix_the_bounds_cannot_narrow_is_scanned_exactly():
    # rows all alike but for noise below the codes' resolution: the bounds rule out almost nothing
    rng = np.random.default_rng(3)
    m = (np.ones((6000, 32)) + 1e-4 * rng.standard_normal((6000, 32))).astype(np.float32)
    mat = _Mat(np.float32, 32); mat.append(np.arange(1, 6001), m)
    for i in range(6):
        q = m[i] + 1e-4
        mat.bounds = None
        pos, d = _cos_top(mat, q, 10)
        exact = _cos_dists(mat, q)
        assert (d == np.sort(exact)[:10]).all()
    assert mat.share > tuning.QUANT_SHARE_MAX
    mat.bounds = None; _cos_top(mat, m[7], 10)
    assert mat.bounds is None                      # no bounds computed any more: the exact scan answers
    # a matrix whose bounds rule out most rows keeps them
    g = rng.standard_normal((6000, 32)).astype(np.float32)
    mg = _Mat(np.float32, 32); mg.append(np.arange(1, 6001), g)
    for i in range(6): _cos_top(mg, g[i], 10)
    assert mg.share <= tuning.QUANT_SHARE_MAX and mg.bounds is not None

def test_vec_search_through_the_bounds_answers_as_the_exact_scan():
    # the public path: a float32 store past tuning.QUANT_SCAN_MIN, whole, filtered narrowly and broadly (a copy of the
    # rows, or all rows masked), in a rowid range, with deleted rows; against sqlite-vec's own exact scan
    from litesearch import database
    rng = np.random.default_rng(5)
    V = (rng.standard_normal((6000, 24)) + 0.5 * rng.standard_normal((1, 24))).astype(np.float32)
    V[100] = V[50]                                       # exact ties: nearer rowid first
    db = database(); st = db.get_store(doc_id=str)
    st.insert_all([dict(content=f'r{i}', embedding=b, doc_id=f'd{i // 600}') for i, b in enumerate(st.add_embeddings(V))])
    st.vec_search(V[0], ['id'], 3)                        # cached before the deletes: they are masked
    db.execute("DELETE FROM store WHERE rowid % 97 = 0")
    for i in range(12):
        q = V[rng.integers(0, 6000)] + 0.1 * rng.standard_normal(24).astype(np.float32)
        for kw in ({}, dict(where="t.doc_id = ?", where_args=['d3']), dict(where="t.doc_id != ?", where_args=['d3']),
                   dict(rowids=(1201, 2400)), dict(where="t.doc_id IN ('d1', 'd2')", rowids=(1, 3000))):
            got, ref = st.vec_search(q, ['id'], 10, **kw), st.vec_search(q, ['id'], 10, engine='sql', **kw)
            assert [h['rowid'] for h in got] == [h['rowid'] for h in ref], (i, kw)
            assert np.allclose([h['_dist'] for h in got], [h['_dist'] for h in ref], atol=1e-5)
    got = st.vec_search(V[50], ['id'], 2)
    assert [h['rowid'] for h in got] == [51, 101] and st.vec_search(V[50], ['id'], 0) == []
    m = [v for k, v in __import__('litesearch.db', fromlist=['_ls'])._ls(db).mats.items()][0]
    assert m.bounds is not None and m.coded == m.n          # the bounds answered
    db.close()
