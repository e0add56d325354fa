"""`ann=None` never uses a recall nobody measured (issue 27): a store grown by `add_doc` past ANN_MIN_ROWS scans exactly
until `tune_index` measures HNSW at its size; a measure holds up to twice the rows it was taken at."""
import litesearch, litesearch.tuning
import numpy as np, pytest
import litesearch.vectors
from litesearch import database
from litesearch import core
from conftest import setall

WORDS = 'saturn jupiter moon sign house transit remedy year month day week recitation planet orbit slow fast'.split()

def text(i):
    rng = np.random.default_rng(i)
    return ' '.join(rng.choice(WORDS, 12))

@pytest.fixture
def grown(tmp_path, monkeypatch):
    "A store grown document by document past ANN_MIN_ROWS (300 here), with HNSW and the exact scan counted."
    monkeypatch.setattr(litesearch.tuning, 'ANN_MIN_ROWS', 300)
    db = database(tmp_path/'g.db')
    st = db.get_store(ann=True)
    for d in range(40): db.add_doc('\n\n'.join(f'# S{d}.{k}\n\n{text(d * 10 + k)}' for k in range(10)), title=f'doc{d}')
    used = []
    ann_search = litesearch.ann.AnnIndex._search
    monkeypatch.setattr(litesearch.ann.AnnIndex, '_search', lambda *a, **k: used.append('hnsw') or ann_search(*a, **k))
    yield db, db.t.store, used
    db.close()

def test_unmeasured_store_scans_exactly(grown):
    db, st, used = grown
    n = litesearch.vectors._rows_in(st)
    assert n >= 300 and db.ls_meta('store.ann') and not db.ls_meta('store.ann_tune')
    plan = st.ann_plan()
    assert (plan['ann'], plan['recall']) == (False, 1.0) and 'not measured' in plan['why'], plan
    legs = db.chunk_search(text(3), limit=5, rrf=False)
    assert legs['vec'] and 'hnsw' not in used                                  # a vector leg, by the exact scan
    assert legs['vec'] == db.chunk_search(text(3), limit=5, rrf=False, ann=False)['vec']
    assert db.sections(text(7), limit=3) and 'hnsw' not in used

def test_measured_store_uses_hnsw_until_it_doubles(grown):
    db, st, used = grown
    r = st.tune_index()
    if r['exact']: r = dict(r, exact=False); db.ls_meta('store.ann_tune', r)    # at 400 rows the scan often wins: as if HNSW had
    assert st.ann_plan()['ann'] and st.ann_plan()['recall'] == r['recall']
    used.clear(); db.chunk_search(text(3), limit=5)
    assert 'hnsw' in used
    for d in range(40, 130): db.add_doc('\n\n'.join(f'# S{d}.{k}\n\n{text(d * 10 + k)}' for k in range(10)), title=f'doc{d}')
    assert litesearch.vectors._rows_in(st) > 2 * r['rows']
    plan = st.ann_plan()
    assert (plan['ann'], plan['recall']) == (False, 1.0) and 'doubled' in plan['why'], plan
    used.clear(); assert db.chunk_search(text(3), limit=5, rrf=False)['vec']
    assert 'hnsw' not in used
