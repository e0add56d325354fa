"Scoped search: `doc=` (an id, title, source path or file name, or a list) on sections, doc_search, docs and context, the CLI's --doc and the agent tools."
import inspect, json, subprocess, sys, shutil
import pytest
from litesearch import database

DOCS = [('alpha', '# Revenue\nAlpha revenue grew to 10 million.\n# Staff\nAlpha employs 40 people.'),
        ('beta', '# Revenue\nBeta revenue fell to 4 million.'),
        ('gamma', '# Costs\nGamma costs rose, and revenue was flat.')]

@pytest.fixture
def db(tmp_path):
    d = database(tmp_path/'s.db')
    for t, txt in DOCS: d.add_doc(txt, title=t, source=f'reports/{t}.md')
    yield d
    d.close()

def _ids(db): return dict(db.execute('SELECT title, id FROM docs').fetchall())

def test_every_search_stays_inside(db):
    ids = _ids(db)
    for doc in ('beta', ids['beta'], 'reports/beta.md', 'beta.md'):
        assert {s['doc_id'] for s in db.sections('revenue', doc=doc)} == {ids['beta']}, doc
        assert {h['doc_id'] for h in db.doc_search('revenue million', doc=doc)} == {ids['beta']}, doc
        assert [d['title'] for d in db.docs('revenue', doc=doc)] == ['beta'], doc
        assert {s['doc_id'] for s in db.context('revenue', doc=doc, related=0)['sections']} == {ids['beta']}, doc
    both = {s['doc_id'] for s in db.sections('revenue', doc=['alpha', 'reports/gamma.md'], limit=10)}
    assert both == {ids['alpha'], ids['gamma']}

def test_scope_composes_with_where(db):
    ids = _ids(db)
    hits = db.doc_search('revenue', doc=['alpha', 'beta'], where="t.content LIKE ?", where_args=['%fell%'])
    assert [h['doc_id'] for h in hits] == [ids['beta']]

def test_unknown_document_is_a_clear_error(db):
    with pytest.raises(ValueError, match=r"doc 'betta': no such document .*near matches: beta"): db.sections('revenue', doc='betta')
    with pytest.raises(TypeError, match='expected a document id'): db.sections('revenue', doc=3)
    with pytest.raises(TypeError, match='expected a document id'): db.doc_search('revenue', doc=[])

def test_tools_take_doc(db):
    t = {f.__name__: f for f in db.tools()}
    for name in ('sections', 'search'):
        assert 'doc' in inspect.signature(t[name]).parameters
    assert {r['doc_id'] for r in t['sections']('revenue', doc='beta')} == {_ids(db)['beta']}
    assert {r['doc_id'] for r in t['search']('revenue', doc='alpha')} == {_ids(db)['alpha']}

def test_cli_doc(db, tmp_path):
    path = str(tmp_path/'s.db'); db.close()
    exe = shutil.which('litesearch')
    run = lambda *a: subprocess.run(([exe] if exe else [sys.executable, '-m', 'litesearch.cli']) + list(a), capture_output=True, text=True, timeout=120)
    r = run('search', 'revenue', '--doc', 'beta', '--db', path)
    assert r.returncode == 0 and 'beta › Revenue' in r.stdout and 'alpha' not in r.stdout, r.stdout + r.stderr
    r = run('search', 'revenue', '--doc', 'zeta', '--db', path)
    assert r.returncode != 0 and "doc 'zeta': no such document" in r.stderr

def test_search_says_store(db):
    "db.chunk_search(table_name=) where every other call says store= (issue 11); the old name still works."
    assert 'store' in inspect.signature(db.search).parameters
    assert [r['rowid'] for r in db.chunk_search('revenue', store='store')] == [r['rowid'] for r in db.chunk_search('revenue', table_name='store')]

def test_kind_and_meta_filters(tmp_path):
    "kind= and meta= narrow every search to matching documents before ranking; the CLI's --kind and the tools' kind too."
    d = database(tmp_path/'k.db')
    d.add_doc('# R\nrevenue grew', title='a', kind='pdf', meta=dict(year=2020, company='acme'))
    d.add_doc('# R\nrevenue fell', title='b', kind='md', meta=dict(year=2021, company='acme'))
    d.add_doc('# R\nrevenue flat', title='c', kind='pdf', meta=dict(year=2021, company='globex', audited=True))
    ids = dict(d.execute('SELECT title, id FROM docs').fetchall())
    assert {s['doc_id'] for s in d.sections('revenue', kind='pdf')} == {ids['a'], ids['c']}
    assert {h['doc_id'] for h in d.doc_search('revenue', meta={'year': 2021})} == {ids['b'], ids['c']}
    assert [x['title'] for x in d.docs('revenue', kind=['md', 'pdf'], meta={'company': 'acme'})] == ['a', 'b'] or \
           {x['title'] for x in d.docs('revenue', kind=['md', 'pdf'], meta={'company': 'acme'})} == {'a', 'b'}
    assert {s['doc_id'] for s in d.sections('revenue', meta={'audited': True})} == {ids['c']}
    assert d.sections('revenue', kind='html') == [] and d.sections('revenue', doc='a', kind='md') == []
    with pytest.raises(TypeError, match='meta'): d.sections('revenue', meta='year=2021')
    t = {f.__name__: f for f in d.tools()}
    assert {r['doc_id'] for r in t['search']('revenue', kind='md')} == {ids['b']}
    d.close()
    exe = shutil.which('litesearch')
    r = subprocess.run(([exe] if exe else [sys.executable, '-m', 'litesearch.cli']) + ['search', 'revenue', '--kind', 'md', '--db', str(tmp_path/'k.db')],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and 'revenue fell' in r.stdout and 'revenue grew' not in r.stdout, r.stdout + r.stderr

def test_sections_carry_node_id(db):
    "A section's id is a node id: it says so under the same key hits use (issue 11)."
    s = db.sections('revenue')[0]
    assert 'id' not in s and '#' in s['node_id'] and db.read(s['node_id'])['node_id'] == s['node_id']
    t = {f.__name__: f for f in db.tools()}
    r = t['sections']('revenue')[0]
    assert 'id' not in r and r['node_id'] == s['node_id'] and t['read'](r['node_id'])['node_id'] == r['node_id']

def test_docs_tool_routes_an_agent(db):
    "An agent asks which documents answer, then looks inside one (issue 11: the same names everywhere)."
    t = {f.__name__: f for f in db.tools()}
    ds = t['docs']('how much did beta revenue fall', limit=2)
    assert ds[0]['title'] == 'beta' and set(ds[0]) == {'doc_id', 'title', 'label', 'source', 'kind', 'score', 'best', 'why'}
    assert ds[0]['why']['names_rank'] == 1 and 'Args:' in t['docs'].__doc__
    # the section to read first, in the document and readable as it stands
    assert ds[0]['best']['node_id'].startswith(ds[0]['doc_id'] + '#') and t['read'](ds[0]['best']['node_id'])['title'] == ds[0]['best']['title']
    assert {r['doc_id'] for r in t['sections']('revenue', doc=ds[0]['doc_id'])} == {ds[0]['doc_id']}

def test_toc_takes_the_same_scope(db, tmp_path):
    "toc is scoped like every search: doc by id, title, source path, file name or a list; kind=; meta= (issue 11)."
    db.add_doc('# Plan\nDelta plans to grow.', title='delta', source='reports/delta.pdf', kind='pdf', meta={'year': 2024})
    titles = lambda **kw: [d['title'] for d in db.toc(**kw)]
    assert titles(doc='reports/beta.md') == titles(doc='beta.md') == titles(doc=_ids(db)['beta']) == ['beta']
    assert titles(doc=['alpha', 'gamma.md']) == ['alpha', 'gamma'] and titles(doc='ta') == ['beta', 'delta']   # a title part still lists
    assert titles(kind='pdf') == ['delta'] and titles(kind=['md', 'text'], doc='a') == ['alpha', 'beta', 'gamma']
    assert titles(meta={'year': 2024}) == ['delta'] and titles(meta={'year': 2023}) == []
    with pytest.raises(ValueError, match="doc 'betta': no such document"): db.toc(doc=['betta'])
    t = {f.__name__: f for f in db.tools()}
    assert [d['title'] for d in t['toc'](kind='pdf')] == ['delta']
    db.close()
    r = subprocess.run([sys.executable, '-m', 'litesearch.cli', 'toc', '--kind', 'pdf', '--db', str(tmp_path/'s.db'), '--json'], capture_output=True, text=True)
    assert r.returncode == 0 and [d['title'] for d in json.loads(r.stdout)] == ['delta'], r.stderr
