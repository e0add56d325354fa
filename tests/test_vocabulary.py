"One result vocabulary (issue 11): the same keys, and the same 1-based pages, in Python, db.tools(), the CLI's --json and MCP."
import json, subprocess, sys, warnings
import pytest
from litesearch import database

DOC = [(0, '# Saturn\n\nSaturn is the slowest of the grahas.'),
       (1, '## Sade Sati\n\nSade sati lasts seven and a half years; the remedies are in Remedies.'),
       (2, '## Remedies\n\nRecitation on Saturdays, see Article 2.\n\n## Article 2\n\nDonation of sesame.')]
# the words the old shapes used for what the vocabulary now names once (or keeps internal)
RETIRED = {'id', 'content', 'hits', 'read', 'similarity', 'texts', 'tree', 'page', 'heading', 'metadata', 'rowid', 'rowids'}

def keys(x):
    "Every dict key in `x`, at any depth (the free-form `why` and `meta` dicts aside)."
    if isinstance(x, dict): return set(x) | set().union(set(), *(keys(v) for k, v in x.items() if k not in ('why', 'meta')))
    if isinstance(x, list): return set().union(set(), *(keys(v) for v in x))
    return set()

@pytest.fixture
def db(tmp_path):
    d = database(tmp_path/'v.db')
    d.add_doc(DOC, title='saturn', source=str(tmp_path/'saturn.md'))
    yield d
    d.close()

def _sade(db): return next(s for s in db.toc('saturn', depth=9)[0]['sections'][0]['sections'] if s['title'] == 'Sade Sati')

def test_python_results_share_the_words(db):
    nid = _sade(db)['node_id']
    got = dict(toc=db.toc(), read=db.read(nid, refs=True), sections=db.sections('sade sati years'), doc_search=db.doc_search('sade sati years'),
               docs=db.docs('saturn sade sati'), context=db.context('sade sati years', related=2, graph=True), node_context=db.node_context(nid),
               refs=db.refs(nid), cited_by=db.cited_by(db.refs(f"{nid.split('#')[0]}#3")[0]['node_id']) if db.refs(f"{nid.split('#')[0]}#3") else [])
    for name, r in got.items():
        ks = keys(r)
        assert not ks & RETIRED and not [k for k in ks if k.startswith('_')], (name, ks & RETIRED, ks)
        assert json.loads(json.dumps(r)) == r, name          # lists, not tuples: the value is its JSON
    assert got['sections'][0]['passages'][0]['why']['rowids'], 'the evidence is kept, under why'

def test_one_page_convention(db, tmp_path):
    "The section on the second page (stored index 1) is on page 2 in every surface."
    sade = _sade(db)
    assert sade['pages'] == [2, 2] and db.read(sade['node_id'])['pages'] == [2, 2]
    s = db.sections('sade sati seven years')[0]
    assert (s['node_id'], s['pages'], s['passages'][0]['pages']) == (sade['node_id'], [2, 2], [2, 2])
    assert db.doc_search('sade sati seven years')[0]['pages'] == [2, 2]
    assert db.toc()[0]['pages'] == [1, 3]                     # a document: its first page to its last
    t = {f.__name__: f for f in db.tools()}
    assert t['sections']('sade sati seven years')[0]['pages'] == [2, 2] == t['read'](sade['node_id'])['pages']
    db.close()
    cli = lambda *a: json.loads(subprocess.run([sys.executable, '-m', 'litesearch.cli', *a, '--db', str(tmp_path/'v.db'), '--json'],
                                              capture_output=True, text=True, check=True).stdout)
    assert cli('search', 'sade sati seven years', '--sections')[0]['pages'] == [2, 2]
    assert cli('search', 'sade sati seven years')[0]['pages'] == [2, 2]
    r = cli('read', sade['node_id'])
    assert (r['node_id'], r['pages']) == (sade['node_id'], [2, 2])

def test_depth_and_read_size_mean_one_thing(db):
    "toc nests by `depth` everywhere; read returns up to 20,000 characters in Python and in the tools."
    import inspect
    from litesearch.agent import DbTools
    from litesearch import cli
    assert inspect.signature(db.toc).parameters['depth'].default == 3 and 'depth' in inspect.signature(DbTools.toc).parameters
    assert 'depth' in inspect.signature(cli.toc).parameters
    assert inspect.signature(db.read).parameters['max_chars'].default == 20000 == inspect.signature(DbTools.read).parameters['max_chars'].default
    assert [s['title'] for s in db.toc(depth=1)[0]['sections']] == ['Saturn'] and db.toc(depth=1)[0]['sections'][0]['sections'] == []
    assert db.toc(depth=0)[0]['sections'] == []
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter('always')
        assert db.toc(max_depth=1) == db.toc(depth=1)
    assert any(issubclass(x.category, DeprecationWarning) and 'depth=' in str(x.message) for x in w)
    with pytest.raises(ValueError, match='depth=-1'): db.toc(depth=-1)

def test_tools_read_stays_in_budget(db):
    "A tool answer never exceeds the tools' budget, whatever `max_chars` asks."
    t = {f.__name__: f for f in db.tools(max_chars=30)}
    assert len(t['read'](db.toc()[0]['node_id'], max_chars=1000)['text']) <= 30
