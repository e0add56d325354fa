"The graph layer through db.tools(), the command line (`litesearch refs`, `read --refs`) and MCP."
import json, os, sys
import anyio, pytest
from litesearch import database
from test_cli import ls, run

LAW = ('# Council Directive 2006/112/EC\n\n## Article 1 Definitions\n\nA taxable person is anyone.\n\n'
       '## Article 2 Scope\n\nThis applies to the persons defined in Article 1 and the goods in Annex I.\n\n## ANNEX I Goods\n\nBread and books.')

@pytest.fixture
def lib(tmp_path):
    (tmp_path/'law.md').write_text(LAW)
    dbp = tmp_path/'lib.db'
    rc, out, err = run('add', tmp_path/'law.md', '--db', dbp, '--quiet')
    assert rc == 0, err
    db = database(dbp)
    ids = {n['title']: n['node_id'] for n in db.toc('law')[0]['sections'][0]['sections']}
    db.close()
    return dbp, ids

def test_tools(lib):
    dbp, ids = lib
    db = database(dbp)
    try:
        T = {f.__name__: f for f in db.tools()}
        r = T['refs'](ids['Article 2 Scope'])
        assert [(x['title'], x['cited_as']) for x in r['cites']] == [('Article 1 Definitions', ['Article 1']), ('ANNEX I Goods', ['Annex I'])]
        assert r['cited_by'] == [] and T['refs'](ids['Article 1 Definitions'])['cited_by'][0]['node_id'] == ids['Article 2 Scope']
        assert [x['title'] for x in T['read'](ids['Article 2 Scope'], refs=True)['refs']] == ['Article 1 Definitions', 'ANNEX I Goods']
        with pytest.raises(KeyError): T['refs']('feedbeef#9')
    finally: db.close()

def test_cli(lib):
    dbp, ids = lib
    rc, out, err = ls(dbp.parent, 'refs', ids['Article 2 Scope'], '--db', dbp, '--json')
    assert rc == 0, err
    r = json.loads(out)
    assert [x['node_id'] for x in r['cites']] == [ids['Article 1 Definitions'], ids['ANNEX I Goods']]
    rc, out, err = run('refs', ids['Article 1 Definitions'], '--db', dbp)
    assert rc == 0 and 'cited by 1 section(s):' in out and 'Article 2 Scope' in out, out
    rc, out, err = run('read', ids['Article 2 Scope'], '--refs', '--db', dbp)
    assert rc == 0 and 'cites 2 section(s):' in out and 'ANNEX I Goods' in out, out
    rc, out, err = run('refs', 'feedbeef#9', '--db', dbp)
    assert rc == 1 and 'no such node' in err and 'Traceback' not in err

mcp = pytest.importorskip('mcp')

async def _session(db, nid):
    from mcp import ClientSession, StdioServerParameters, stdio_client
    srv = StdioServerParameters(command=sys.executable, args=['-m', 'litesearch.cli', 'mcp', '--db', str(db)],
                                env={'PYTHONPATH': os.environ.get('PYTHONPATH', '')})
    with open(os.devnull, 'w') as quiet:
        async with stdio_client(srv, errlog=quiet) as (r, w), ClientSession(r, w) as s:
            await s.initialize()
            tools = {t.name: t for t in (await s.list_tools()).tools}
            return tools, await s.call_tool('refs', dict(node_id=nid)), await s.call_tool('read', dict(node_id=nid, refs=True))

def test_mcp(lib):
    dbp, ids = lib
    tools, res, rd = anyio.run(_session, dbp, ids['Article 2 Scope'])
    assert 'refs' in tools and tools['refs'].input_schema['required'] == ['node_id']
    assert [x['title'] for x in res.structured_content['result']['cites']] == ['Article 1 Definitions', 'ANNEX I Goods']
    assert [x['node_id'] for x in json.loads(rd.content[0].text)['refs']] == [ids['Article 1 Definitions'], ids['ANNEX I Goods']]
