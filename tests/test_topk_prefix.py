"The top k is a prefix of the top k+n (issue 25): `limit` cuts a ranking, it never changes it, on every retrieval surface."
import json, pytest
from pathlib import Path
from litesearch import database
from litesearch.agent import DbTools

DATA = Path(__file__).resolve().parent.parent.parent/'shared'/'data'
BENCH = Path(__file__).resolve().parent.parent/'bench'
FILINGS = ['SALESFORCE_2023_10K', 'SALESFORCE_2023Q3_10Q', 'ORACLE_2022_10K', 'ORACLE_2023_10K', 'EBAY_2022_10K']
ACTS = ['dir_1993_13_2022-05-28_eng', 'reg_2021_241_2024-03-01_eng', 'reg_2021_695_2024-03-01_eng']
LIMITS = (1, 2, 3, 5, 10, 20)

pytestmark = pytest.mark.skipif(not all((DATA/'filings'/f'{f}.pdf').exists() for f in FILINGS) or
                                not all((DATA/'eu'/f'{a}.pdf').exists() for a in ACTS), reason='shared corpus not mounted')

def _questions():
    "Questions people wrote about these documents (bench/), plus short keyword queries and the issue's own example."
    qs = []
    for name, docs in (('filings', FILINGS), ('eu', ACTS)):
        rows = [json.loads(l) for l in (BENCH/f'questions_{name}.jsonl').read_text().splitlines() if l.strip()]
        qs += [r['q'] for r in rows if r['doc'] in docs][:10]
    return qs + ['How many employees did Salesforce have at the end of fiscal 2023?', 'remaining performance obligation',
                 'Oracle cloud license revenue', 'payment institution authorisation', 'unfair terms consumer contracts', 'eBay']

@pytest.fixture(scope='module')
def db():
    d = database(embedder='hash')
    for f in FILINGS: d.add_file(DATA/'filings'/f'{f}.pdf')
    for a in ACTS: d.add_file(DATA/'eu'/f'{a}.pdf')
    yield d
    d.close()

def _prefixes(answers, key, what):
    "Each shorter answer is the start of every longer one."
    for (k, a), (m, b) in zip(list(answers.items()), list(answers.items())[1:]):
        assert len(a) <= k, f'{what}: limit={k} returned {len(a)}'
        assert [key(x) for x in a] == [key(x) for x in b][:len(a)], f'{what}: top {k} is not the prefix of top {m}'
        assert len(a) == k or len(b) == len(a), f'{what}: limit={k} returned {len(a)} but limit={m} found {len(b)}'

SURFACES = {
    'sections': (lambda db, q, k, **kw: db.sections(q, limit=k, **kw), lambda s: s['node_id']),
    'doc_search': (lambda db, q, k, **kw: db.doc_search(q, limit=k, **kw), lambda h: (h['node_id'], tuple(h['pages']), h['text'][:80])),
    'docs': (lambda db, q, k, **kw: db.docs(q, limit=k, **kw), lambda d: d['doc_id']),
    'context': (lambda db, q, k, **kw: db.context(q, limit=k, related=0, tree_ctx=False, **kw)['sections'], lambda s: s['node_id']),
    'search': (lambda db, q, k, **kw: db.chunk_search(q, limit=k, **kw), lambda r: r['rowid']),
}

@pytest.mark.parametrize('surface', list(SURFACES))
@pytest.mark.parametrize('emb', [None, False], ids=['hybrid', 'keyword'])
def test_topk_is_prefix(db, surface, emb):
    call, key = SURFACES[surface]
    for q in _questions():
        _prefixes({k: call(db, q, k, emb=emb) for k in LIMITS}, key, f'{surface}({q!r}, emb={emb})')

def test_route_off_and_tools(db):
    "route=0, and the agent tools (what the CLI and MCP server call) inherit the property."
    t = DbTools(db)
    for q in _questions()[::3]:
        _prefixes({k: db.sections(q, limit=k, route=0) for k in LIMITS}, lambda s: s['node_id'], f'sections({q!r}, route=0)')
        _prefixes({k: db.doc_search(q, limit=k, route=0) for k in LIMITS}, lambda h: (h['node_id'], tuple(h['pages'])), f'doc_search({q!r}, route=0)')
        _prefixes({k: t.sections(q, limit=k) for k in LIMITS}, lambda s: s['node_id'], f'tools.sections({q!r})')
        _prefixes({k: t.search(q, limit=k) for k in LIMITS}, lambda h: (h['node_id'], tuple(h['pages'])), f'tools.search({q!r})')

def test_issue_example(db):
    "The issue's case: the best section for a question does not change with how many are asked for."
    q = 'How many employees did Salesforce have at the end of fiscal 2023?'
    one, five = db.sections(q, limit=1), db.sections(q, limit=5)
    assert one[0]['node_id'] == five[0]['node_id'], (one[0]['title'], five[0]['title'])

def test_topk_is_prefix_with_vectors_inside_documents(db, monkeypatch):
    "With the query's vectors passed in, routed documents fuse both legs and weigh their tables' figures (`_vec_blind`): the property holds there too."
    import litesearch.retrieve as R
    seen, real = [], R._vec_blind
    monkeypatch.setattr(R, '_vec_blind', lambda tbl, rows: seen.append(len(rows)) or real(tbl, rows))
    enc = db.embedder()
    for q in _questions():
        e = enc.query([q])[0]
        _prefixes({k: db.sections(q, e, limit=k) for k in LIMITS}, lambda s: s['node_id'], f'sections({q!r}, vectors)')
        _prefixes({k: db.doc_search(q, e, limit=k) for k in LIMITS}, lambda h: (h['node_id'], tuple(h['pages'])), f'doc_search({q!r}, vectors)')
    assert seen and max(seen) > 0      # the routed fusions did read their keyword rows' figures
