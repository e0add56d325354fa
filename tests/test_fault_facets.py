"""`meta=` and `kind=` take any key and any list length (issue 27): a key is a name, never part of a JSON path; toc and
sections agree on `None` (a document whose value is null or which lacks the key); 40,000 kinds and ~1,000 prefix terms run."""
import pytest
from litesearch import database

KEYS = ['ab', 'a"b', 'k"q', 'back\\slash', 'nul\x00key', 'dot.key', 'sp ace', '$', '[0]', "it's", 'ü']

@pytest.fixture(scope='module')
def db():
    d = database()
    for i, k in enumerate(KEYS): d.add_doc(f'# Doc {i}\n\nshared words about planets', title=f'd{i}', meta={k: 1, 'n': i})
    d.add_doc('# Plain\n\nshared words about planets', title='plain', meta={'x': 'y'})
    d.add_doc('# Nulled\n\nshared words about planets', title='nulled', meta={'x': None})
    d.add_doc('# Listy\n\nshared words about planets', title='listy', meta={'x': ['y']})
    yield d
    d.close()

def sec_titles(db, **kw): return sorted({h['breadcrumb'].split(' › ')[0] for h in db.sections('shared planets', limit=50, **kw)})
def toc_titles(db, **kw): return sorted(d['title'] for d in db.toc(**kw))
def ds_titles(db, **kw): return sorted({h['breadcrumb'].split(' › ')[0] for h in db.doc_search('shared planets', limit=50, **kw)})

@pytest.mark.parametrize('i', range(len(KEYS)))
def test_key_is_a_name(db, i):
    want = [f'd{i}']
    meta = {KEYS[i]: 1}
    assert toc_titles(db, meta=meta) == want
    assert sec_titles(db, meta=meta) == want, KEYS[i]
    assert ds_titles(db, meta=meta) == want, KEYS[i]

def test_none_agrees(db):
    "None: the value is null or the key is absent, in toc and in sections alike."
    want = sorted([f'd{i}' for i in range(len(KEYS))] + ['nulled'])
    assert toc_titles(db, meta={'x': None}) == want
    assert sec_titles(db, meta={'x': None}) == want
    assert ds_titles(db, meta={'x': None}) == want

def test_value_kinds_agree(db):
    for meta, want in [({'x': 'y'}, ['plain']), ({'n': 3}, ['d3']), ({'n': 3.0}, ['d3']), ({'n': '3'}, []), ({'x': '["y"]'}, [])]:
        assert toc_titles(db, meta=meta) == want == sec_titles(db, meta=meta), meta
    for bad in ({'x': ['y']}, {'x': {'a': 1}}, {1: 'y'}):
        for f in (toc_titles, sec_titles):
            with pytest.raises(TypeError, match='meta'): f(db, meta=bad)

def test_many_kinds(db):
    kinds = [f'k{i}' for i in range(40_000)] + ['text']
    assert len(sec_titles(db, kind=kinds)) == len(KEYS) + 3
    assert len(ds_titles(db, kind=kinds)) == len(KEYS) + 3
    assert len(toc_titles(db, kind=kinds)) == len(KEYS) + 3
    assert sec_titles(db, kind=kinds[:-1]) == []

def test_many_prefix_terms(db):
    q = ' '.join(f'planet{j}*' for j in range(1000)) + ' planets'
    assert db.chunk_search(q) and db.sections(q) and db.doc_search(q)

@pytest.mark.parametrize('kind', [5, [], {'text': 1}, ['text', 3]])
def test_bad_kinds_refused_by_name(db, kind):
    for f in (toc_titles, sec_titles, ds_titles):
        with pytest.raises(TypeError, match=r"kind .*: expected a kind such as 'pdf'"): f(db, kind=kind)
