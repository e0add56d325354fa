"A query with no words (issue 27): '?', '*', '()', '\"' search nothing, as blank text does, on every surface; none raises 'all zeros'."
import json, numpy as np, pytest
from litesearch import database
from test_cli import run

NOWORDS = ['?', '*', '()', '"', '?!', '.', '-', '_', ' ** ', '\u3000']

@pytest.fixture(scope='module')
def db():
    d = database(); d.add_doc('# Saturn\n\nSaturn rings (slow) * "quoted" ? _under_', title='saturn')
    yield d
    d.close()

@pytest.mark.parametrize('q', NOWORDS)
def test_python_surfaces_return_empty(db, q):
    assert db.sections(q) == [] and db.doc_search(q) == [] and db.docs(q) == [] and db.chunk_search(q) == []
    assert db.chunk_search(q, rrf=False) == dict(fts=[], vec=[], prox=[])
    c = db.context(q)
    assert c['sections'] == [] and c == db.context('')  | dict(query=q)

@pytest.mark.parametrize('q', ['?', '*', '()', '"', ' '])
def test_tools_and_cli_find_nothing(db, q, tmp_path):
    "The tools, the CLI and the retrievers answer a query of no words as Python does: nothing found, not an error."
    T = {t.__name__: t for t in db.tools()}
    for name in ('sections', 'search', 'docs'): assert T[name](q) == [], name
    assert T['context'](q)['sections'] == []
    p = tmp_path/'c.db'
    d = database(p); d.add_doc('# Saturn\n\nSaturn rings.', title='saturn'); d.close()
    for cmd in ('search', 'docs', 'context'):
        rc, out, err = run(cmd, q, '--db', p, '--json')
        r = json.loads(out) if rc == 0 else None
        assert rc == 0 and err == '' and (r == [] or r['sections'] == []), (cmd, out, err)
    rc, out, err = run('search', q, '--db', p)
    assert rc == 0 and out.strip() == '(no results)' and err == '', (out, err)

def test_words_still_search(db):
    assert db.sections('saturn')[0]['breadcrumb'] == 'saturn'
    with pytest.raises(ValueError, match='all zeros'): db.chunk_search('saturn', np.zeros(256, np.float16))   # a given zero vector: still refused
