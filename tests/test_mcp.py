"`litesearch mcp` driven by the official MCP client over stdio: list the tools, call each, and survive bad calls."
import json, os, sys
import anyio, pytest
mcp = pytest.importorskip('mcp')     # a dev requirement: CI has it
from mcp import ClientSession, StdioServerParameters, stdio_client
from litesearch.cli import main

DOC = ('# Saturn\n\nSaturn is the slowest of the classical grahas.\n\n## Sade Sati\n\nSade sati is the seven and a half '
       'year period when Saturn transits the twelfth, first and second houses from the natal moon.\n\n'
       '## Remedies\n\nRecitation on Saturdays is the common prescription.')

async def _session(db):
    srv = StdioServerParameters(command=sys.executable, args=['-m', 'litesearch.cli', 'mcp', '--db', str(db)],
                                env={'PYTHONPATH': os.environ.get('PYTHONPATH', '')})
    out = {}
    with open(os.devnull, 'w') as quiet:
        async with stdio_client(srv, errlog=quiet) as (r, w), ClientSession(r, w) as s:
            out['init'] = await s.initialize()
            out['tools'] = (await s.list_tools()).tools
            call = lambda name, **kw: s.call_tool(name, kw)
            out['toc'] = await call('toc', doc='saturn', depth=2)
            out['sections'] = await call('sections', q='how long does sade sati last', limit=2)
            out['search'] = await call('search', q='recitation on saturdays', limit=1)
            sade = out['sections'].structured_content['result'][0]['node_id']
            out['read'] = await call('read', node_id=sade, max_chars=50)
            out['breadcrumb'] = await call('breadcrumb', node_id=sade)
            out['bad_id'] = await call('read', node_id='feedbeef#9')
            out['bad_doc'] = await call('sections', q='saturn', doc='jupiter')
            out['no_doc'] = await call('toc', doc='jupiter')
            out['bad_type'] = await call('search', q='saturn', limit='many')
            out['after'] = await call('breadcrumb', node_id=sade)      # the server is still up
    return out

def test_mcp_over_stdio(tmp_path):
    (tmp_path/'saturn.md').write_text(DOC)
    db = tmp_path/'lib.db'
    assert main(['add', str(tmp_path/'saturn.md'), '--db', str(db), '--quiet']) == 0
    o = anyio.run(_session, db)
    tools = {t.name: t for t in o['tools']}
    assert list(tools) == ['toc', 'read', 'docs', 'sections', 'context', 'search', 'breadcrumb', 'refs']
    assert all(t.description and '\n' not in t.description for t in tools.values())
    props = tools['read'].input_schema['properties']
    assert (props['node_id']['type'], props['max_chars']['type'], props['max_chars']['default'], props['children']['type']) == \
           ('string', 'integer', 20000, 'boolean')
    assert props['max_chars']['description'] == "longest text returned (and never more than the tools' budget); `truncated` says whether it was cut"
    assert tools['sections'].input_schema['required'] == ['q']

    for k in ('toc', 'sections', 'search', 'read', 'breadcrumb'): assert not o[k].is_error, (k, o[k].content)
    toc = json.loads(o['toc'].content[0].text)
    assert [s['title'] for s in toc[0]['sections'][0]['sections']] == ['Sade Sati', 'Remedies']
    secs = o['sections'].structured_content['result']
    assert secs[0]['breadcrumb'] == 'saturn › Sade Sati' and 'natal moon' in secs[0]['passages'][0]['text']
    assert json.loads(o['search'].content[0].text)[0]['breadcrumb'] == 'saturn › Remedies'
    r = json.loads(o['read'].content[0].text)
    assert r['truncated'] and len(r['text']) <= 50 and r['text'].startswith('Sade sati')
    assert o['breadcrumb'].content[0].text == 'saturn › Sade Sati' == o['after'].content[0].text

    assert o['bad_id'].is_error and "node 'feedbeef#9': no such node" in o['bad_id'].content[0].text
    assert o['bad_doc'].is_error and "doc 'jupiter': no such document" in o['bad_doc'].content[0].text
    assert not o['no_doc'].is_error and o['no_doc'].structured_content['result'] == []      # as db.toc('jupiter')
    assert o['bad_type'].is_error and 'limit' in o['bad_type'].content[0].text

def test_server_reports_its_version(tmp_path):
    "The server named itself with version '' (issue 11)."
    from litesearch import database, __version__
    db = database(tmp_path/'v.db'); db.add_doc(DOC, title='saturn'); db.close()
    out = anyio.run(_session, tmp_path/'v.db')
    assert out['init'].server_info.version == __version__ != ''
