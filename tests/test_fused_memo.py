"The store-wide fusion a call ranks is kept while the database is unchanged: `docs` and a second surface asked the same question search once, and get what a fresh search gives."
import pytest
from apswutils.db import Database
from litesearch import database, tuning

def _db(tmp_path, n=4):
    d = tmp_path/'docs'; d.mkdir()
    for k in range(n):
        (d/f'valve{k}.md').write_text('\n\n'.join(f'# Part {i}\n\nManual {k}, part {i}: the relief valve of pump {k} opens at {i + k} bar.' for i in range(6)))
    db = database(tmp_path/'x.db', embedder='hash'); db.add_dir(d)
    return db, d

@pytest.fixture
def counted(monkeypatch):
    calls = []
    real = Database.chunk_search
    def counting(self, *a, **kw): calls.append(a[0] if a else kw.get('q')); return real(self, *a, **kw)
    monkeypatch.setattr(Database, 'chunk_search', counting)
    return calls

@pytest.mark.parametrize('hybrid', [True, False], ids=['hybrid', 'keyword'])
def test_docs_searches_the_store_once(tmp_path, counted, hybrid):
    db, _ = _db(tmp_path)
    q = 'when does the relief valve of pump 2 open'
    # a vector given is used by both rankings (left to itself, a `hash` store's sections rank by keywords, its docs by both)
    emb = db.embedder().query([q])[0] if hybrid else False
    first = db.docs(q, emb)
    assert len(counted) == 1, counted                    # its own ranking and its sections call share the search
    counted.clear()
    db.sections(q, emb); db.doc_search(q, emb)
    assert counted == []                                 # asked again of other surfaces: kept
    tuning_was = tuning.KEPT_RANKINGS
    try:
        tuning.KEPT_RANKINGS = 0; counted.clear()
        again = db.docs(q, emb)
        assert len(counted) == 2 and [d['doc_id'] for d in again] == [d['doc_id'] for d in first]
        assert [d['score'] for d in again] == [d['score'] for d in first]     # the same ranking, searched twice
    finally: tuning.KEPT_RANKINGS = tuning_was
    db.close()

def test_kept_hits_are_copies(tmp_path):
    db, _ = _db(tmp_path)
    q = 'relief valve pump 1'
    a = db.doc_search(q, limit=5)
    for h in a: h['text'] = 'changed'; h['why']['rowids'].append(-1)
    b = db.doc_search(q, limit=5)
    assert all(h['text'] != 'changed' and -1 not in h['why']['rowids'] for h in b)
    s = db.sections(q, limit=3); s[0]['passages'][0]['text'] = 'changed'
    assert db.sections(q, limit=3)[0]['passages'][0]['text'] != 'changed'
    db.close()

def test_a_write_searches_again(tmp_path, counted):
    db, d = _db(tmp_path)
    q = 'the relief valve of the turbine opens'
    before = db.sections(q)
    (d/'turbine.md').write_text('# Turbine\n\nThe relief valve of the turbine opens at 9 bar.')
    db.add_dir(d)
    counted.clear()
    after = db.sections(q)
    assert len(counted) >= 1 and 'Turbine' in after[0]['title'] and 'Turbine' not in [s['title'] for s in before]
    db.close()

def test_a_routed_ranking_is_kept_too(tmp_path, monkeypatch):
    from apswutils.db import Table
    db, _ = _db(tmp_path)
    calls = []
    real = Table.fts_search
    monkeypatch.setattr(Table, 'fts_search', lambda self, *a, **kw: calls.append(1) or real(self, *a, **kw))
    q = 'relief valve of pump 3 in valve3'          # names a document: searched inside it as well
    s = db.sections(q, limit=3)
    assert len(calls) >= 2                               # the store, and inside the document named
    calls.clear()
    h = db.doc_search(q, limit=3); s2 = db.sections(q, limit=5)
    assert calls == [] and [x['node_id'] for x in s2][:3] == [x['node_id'] for x in s]
    db.close()

def test_a_hash_stores_docs_searches_its_keywords_once(tmp_path, monkeypatch):
    # `docs` on a `hash` store fuses keywords with the hash vectors for its evidence, and ranks its sections by keywords
    # alone: two fusions, one keyword search of the whole store
    import litesearch.fts as F
    db, _ = _db(tmp_path)
    calls = []
    real = F._fts_search
    monkeypatch.setattr(F, '_fts_search', lambda self, q, *a: calls.append(a[-1]) or real(self, q, *a))
    db.docs('when does the relief valve of pump 2 open')
    assert calls.count(None) == 1, calls                 # store-wide (no rowid range): once
    n = len(calls); db.sections('when does the relief valve of pump 2 open'); assert len(calls) == n
    db.close()
