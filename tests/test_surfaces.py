"""One call, every surface (issue 27): Python, `db.tools()`, `litesearch ... --json`, the MCP server over stdio and the framework
retrievers give the same keys and values; and the MCP server answers every request, however malformed."""
import json, os, subprocess, sys
import anyio, pytest
from litesearch import database
from test_cli import DOCS, run
mcp = pytest.importorskip('mcp')     # a dev requirement: CI has it

Q = 'how long does saturn transit the natal moon'
# each call as (Python, tool name and arguments, CLI arguments); the Python call is the reference
CALLS = {
    'sections': (lambda db: db.sections(Q, limit=2, kind='md'), ('sections', dict(q=Q, limit=2, kind='md')),
                 ['search', Q, '--sections', '--limit', '2', '--kind', 'md']),
    'search': (lambda db: db.doc_search(Q, limit=3), ('search', dict(q=Q, limit=3)), ['search', Q, '--limit', '3']),
    'toc': (lambda db: db.toc('saturn', depth=2, summaries=False), ('toc', dict(doc='saturn', depth=2)), ['toc', 'saturn', '--depth', '2']),
    'toc_none': (lambda db: db.toc('jupiter', depth=2, summaries=False), ('toc', dict(doc='jupiter')), ['toc', 'jupiter']),
    'docs': (lambda db: db.docs(Q, limit=2), ('docs', dict(q=Q, limit=2)), ['docs', Q, '--limit', '2']),
    'context': (lambda db: db.context(Q, limit=2, related=2), ('context', dict(q=Q, limit=2, related=2)),
                ['context', Q, '--limit', '2', '--related', '2']),
}

@pytest.fixture
def lib(tmp_path):
    d = tmp_path/'docs'; d.mkdir()
    for k, v in DOCS.items(): (d/k).write_text(v)
    rc, _, err = run('add', d, '--db', tmp_path/'lib.db', '--quiet')
    assert rc == 0, err
    return tmp_path/'lib.db'

async def _mcp_calls(dbp):
    from mcp import ClientSession, StdioServerParameters, stdio_client
    srv = StdioServerParameters(command=sys.executable, args=['-m', 'litesearch.cli', 'mcp', '--db', str(dbp)],
                                env={'PYTHONPATH': os.environ.get('PYTHONPATH', '')})
    out = {}
    with open(os.devnull, 'w') as quiet:
        async with stdio_client(srv, errlog=quiet) as (r, w), ClientSession(r, w) as s:
            await s.initialize()
            for k, (_, (name, args), _) in CALLS.items(): out[k] = await s.call_tool(name, args)
    return out

def test_one_call_every_surface(lib):
    js = lambda x: json.loads(json.dumps(x, ensure_ascii=False))       # what any JSON surface can carry: tuples are lists
    db = database(lib)
    try:
        py = {k: js(f(db)) for k, (f, _, _) in CALLS.items()}
        T = {f.__name__: f for f in db.tools()}
        tools = {k: js(T[name](**args)) for k, (_, (name, args), _) in CALLS.items()}
    finally: db.close()
    cli = {}
    for k, (_, _, argv) in CALLS.items():
        rc, out, err = run(*argv, '--db', lib, '--json')
        assert rc == 0, (k, err)
        cli[k] = json.loads(out)
    res = anyio.run(_mcp_calls, lib)
    for k in CALLS:
        assert not res[k].is_error, (k, res[k].content)
        got = dict(tools=tools[k], cli=cli[k], mcp=res[k].structured_content['result'], mcp_text=json.loads(res[k].content[0].text))
        for surface, v in got.items(): assert v == py[k], (k, surface, v, py[k])
    # the answers are worth comparing: whole passages with their evidence, absolute sources, an empty match
    p = py['sections'][0]['passages'][0]
    assert py['sections'][0]['breadcrumb'] == 'saturn › Sade Sati' and p['text'].endswith('from the natal moon.') and p['why'] and 'meta' in p
    assert len(p['text']) > 100 and '…' not in p['text']
    assert os.path.isabs(py['toc'][0]['source']) and py['toc_none'] == [] and py['context']['sections'][0]['text']
    assert [d['title'] for d in py['docs']][0] == 'saturn'

def test_retrievers_match_sections(lib):
    "The framework retrievers hold sections()' values: a document per section, its metadata everything but the text."
    pytest.importorskip('langchain_core'); pytest.importorskip('llama_index.core')
    from litesearch.integrations import LiteSearchRetriever, LiteSearchLlamaRetriever
    db = database(lib)
    try:
        secs = db.sections(Q, limit=2, kind='md')
        lc = LiteSearchRetriever(db=db, limit=2, kind='md').invoke(Q)
        li = LiteSearchLlamaRetriever(db, limit=2, kind='md').retrieve(Q)
        for s, d, n in zip(secs, lc, li, strict=True):
            assert d.id == n.node.id_ == s['node_id'] and d.metadata == n.node.metadata and n.score == s['score']
            assert d.metadata['why'] == s['why'] and [{**m, 'text': p['text']} for m, p in zip(d.metadata['passages'], s['passages'])] == s['passages']
            assert d.page_content == n.node.text == '\n\n'.join(p['text'] for p in s['passages'])
    finally: db.close()

# --- the MCP server answers every request

def _raw(dbp, lines):
    "Replies of `litesearch mcp` to these stdin lines (stdin closed after the last), by id."
    init = [dict(jsonrpc='2.0', id=1, method='initialize', params=dict(protocolVersion='2025-06-18', capabilities={}, clientInfo=dict(name='t', version='1'))),
            dict(jsonrpc='2.0', method='notifications/initialized')]
    inp = ''.join((l if isinstance(l, str) else json.dumps(l)) + '\n' for l in init + lines)
    p = subprocess.run([sys.executable, '-m', 'litesearch.cli', 'mcp', '--db', str(dbp)], input=inp, capture_output=True, text=True, timeout=120)
    out = [json.loads(l) for l in p.stdout.splitlines()]
    assert len({json.dumps(r.get('id')) for r in out}) == len(out), out         # one reply each
    return {r.get('id'): r for r in out}

def test_every_request_answered(lib):
    call = lambda i, name, **args: dict(jsonrpc='2.0', id=i, method='tools/call', params=dict(name=name, arguments=args))
    got = _raw(lib, [
        '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"sections","arguments":{"q":"sade \\ud800 sati"}}}',
        dict(jsonrpc='1.0', id=3, method='tools/list'),
        dict(jsonrpc='2.0', id=4, method='tools/list', params=[1, 2]),
        dict(jsonrpc='2.0', id=5, method='tools/call', params='sections'),
        call(6, 'read', node_id='feedbeef#9'),
        'this is not json',
        call(7, 'sections', q='saturn', doc='jupiter'),
        call(8, 'context', q='sade sati', limit=1),
        dict(jsonrpc='2.0', id=9, method='tools/list'),
    ])
    assert set(got) == {1, 2, 3, 4, 5, 6, None, 7, 8, 9}
    r = got[2]['result']                               # the lone surrogate became U+FFFD; the call ran
    assert not r.get('isError') and json.loads(r['content'][0]['text'])[0]['breadcrumb'] == 'saturn › Sade Sati'
    assert got[3]['error'] == dict(code=-32600, message="Invalid Request: jsonrpc '1.0': expected '2.0'")
    assert got[4]['error'] == dict(code=-32600, message='Invalid Request: params [1, 2]: expected an object')
    assert got[5]['error']['code'] == -32600 and got[None]['error']['code'] == -32700
    assert got[6]['result']['isError'] and "node 'feedbeef#9': no such node" in got[6]['result']['content'][0]['text']
    assert got[7]['result']['isError'] and "doc 'jupiter': no such document" in got[7]['result']['content'][0]['text']
    assert json.loads(got[8]['result']['content'][0]['text'])['sections'][0]['title'] == 'Sade Sati'
    assert 'context' in [t['name'] for t in got[9]['result']['tools']]

def test_unexpected_errors_keep_their_message(lib):
    "A failure no tool expects (here a broken connection) reaches the model with its message, not only 'Error executing tool'."
    from concurrent.futures import ThreadPoolExecutor
    from mcp import Client
    from litesearch.agent import mcp_server
    db = database(lib)
    def broken(*a, **kw): raise RuntimeError('disk on fire')
    db.sections = broken
    async def go():
        async with Client(mcp_server(db)) as c: return await c.call_tool('sections', {'q': 'saturn'}), await c.call_tool('search', {'q': 'saturn'})
    try: bad, ok = ThreadPoolExecutor(1).submit(anyio.run, go).result()
    finally: db.close()
    assert bad.is_error and bad.content[0].text == 'Error executing tool sections: RuntimeError: disk on fire'
    assert not ok.is_error

def test_optional_parameters_are_nullable(lib):
    "Strict function calling wants an optional parameter typed as nullable, not a string that defaults to null."
    from mcp import Client
    from concurrent.futures import ThreadPoolExecutor
    from litesearch.agent import mcp_server
    db = database(lib)
    async def go():
        async with Client(mcp_server(db)) as c: return (await c.list_tools()).tools
    try: listed = ThreadPoolExecutor(1).submit(anyio.run, go).result()
    finally: db.close()
    nullable = lambda p: p.get('type') == 'null' or 'null' in (p.get('type') or []) or any(x.get('type') == 'null' for x in p.get('anyOf', []))
    n = 0
    for t in listed:
        for k, p in t.input_schema['properties'].items():
            if 'default' in p and p['default'] is None: assert nullable(p), (t.name, k, p); n += 1
    assert n >= 8          # toc's doc, depth, kind; sections' doc, kind, meta; search's; context's
    lc = pytest.importorskip('langchain_core.tools')
    from langchain_core.utils.function_calling import convert_to_openai_tool
    db = database(lib)
    try:
        fn = convert_to_openai_tool(lc.StructuredTool.from_function({f.__name__: f for f in db.tools()}['sections'], parse_docstring=True))['function']
    finally: db.close()
    assert all(nullable(fn['parameters']['properties'][k]) for k in ('doc', 'kind', 'meta')), fn['parameters']['properties']
