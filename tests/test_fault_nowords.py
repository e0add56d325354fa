"A query with no words (issue 27): '?', '*', '()', '\"' search nothing, as blank text does, on every surface; none raises 'all zeros'."
import numpy as np, pytest
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

@pytest.mark.parametrize('q', ['?', '*', '()', '"'])
def test_tools_and_cli_say_it_as_for_blank(db, q, tmp_path):
    "The tools and the CLI answer a query of no words as they answer a blank one: expected some words."
    T = {t.__name__: t for t in db.tools()}
    for name in ('sections', 'search', 'docs'):
        with pytest.raises(ValueError, match='expected some words'): T[name](q)
    p = tmp_path/'c.db'
    d = database(p); d.add_doc('# Saturn\n\nSaturn rings.', title='saturn'); d.close()
    rc, out, err = run('search', q, '--db', p)
    assert rc == 1 and 'expected some words' in err and 'all zeros' not in err, err

def test_words_still_search(db):
    assert db.sections('saturn')[0]['breadcrumb'] == 'saturn'
    with pytest.raises(ValueError, match='all zeros'): db.chunk_search('saturn', np.zeros(256, np.float16))   # a given zero vector: still refused
