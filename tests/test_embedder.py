"""A store owns its embedder: every ingest and query path uses the recorded one (Python, db.tools(), the CLI, MCP) with no
plumbing; another one is refused; a store with vectors never holds a chunk without one; query vectors of any float dtype
convert; model folders load offline and a missing model is one clear error."""
import json, os, sys, subprocess
import numpy as np, pytest
from litesearch import database, hash_embed
from litesearch.embed import load_embedder, Embedder, ModelNotFoundError, _load
from litesearch.testing import make_tiny_static, make_tiny_onnx
from test_cli import ls, one_line_error

SPY = '''import os
from litesearch import hash_embed
LOG = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'calls.log')
def embed(texts):
    "hash_embed at 64 dims, logging every text it embeds."
    with open(LOG, 'a') as f:
        for t in texts: f.write(' '.join(t.split()) + '\\n')
    return hash_embed(texts, 64)
'''
DOCS = {'saturn.md': '# Saturn\n\nSaturn saturn rings slowly.\n\n## Transit\n\nSaturn transit lasts years.',
        'ledger.md': '# Ledger\n\nLedger accounts balance.', 'notes.txt': 'Plain notes about the moon and its sign.'}
TRUST = dict(LITESEARCH_TRUST_EMBEDDER='1')      # a recorded module:function loads only when named or trusted (test_fault_trust)
VOCAB = 'saturn rings slowly transit lasts years ledger accounts balance plain notes about the moon and its sign planet'.split()

@pytest.fixture
def spy(tmp_path, monkeypatch):
    "A `spyemb:embed` embedder importable from tmp_path (in this process and in subprocesses run there), and its log."
    (tmp_path/'spyemb.py').write_text(SPY)
    monkeypatch.syspath_prepend(str(tmp_path)); monkeypatch.chdir(tmp_path)
    d = tmp_path/'docs'; d.mkdir()
    for k, v in DOCS.items(): (d/k).write_text(v)
    sys.modules.pop('spyemb', None); _load.cache_clear()       # each test's spyemb logs into its own folder
    yield tmp_path, lambda: (tmp_path/'calls.log').read_text().splitlines() if (tmp_path/'calls.log').exists() else []
    sys.modules.pop('spyemb', None)

def nulls(db, store='store'): return db.execute(f'SELECT count(*) FROM [{store}] WHERE embedding IS NULL').fetchone()[0]

def check_vectors(db):
    "Every chunk has a vector, and it is the recorded embedder's vector of its heading and text."
    rows = db.execute('SELECT content, heading, embedding FROM store').fetchall()
    assert rows and nulls(db) == 0
    texts = [f'{h}\n\n{c}' if h else c for c, h, _ in rows]
    assert [e for *_, e in rows] == [r.tobytes() for r in hash_embed(texts, 64)]

def test_every_ingest_path_uses_the_recorded_embedder(spy):
    d, log = spy
    db = database(d/'a.db', embedder='spyemb:embed')
    assert db.ls_meta('store.embedder') == dict(spec='spyemb:embed', dim=64, dtype='float16')
    db.add_doc('# Alpha\n\nalphaword text here.', title='alpha')                      # add_doc
    db.add_file(d/'docs'/'saturn.md')                                                # add_file
    db.add_dir(files=[d/'docs'/'ledger.md'], embed_batch=0)                          # add_dir, per document
    db.add_dir(d/'docs')                                                             # add_dir, batched
    assert 'alphaword text here.' in ' '.join(log()) and any('Ledger accounts balance.' in l for l in log())
    check_vectors(db)
    db.close()
    (d/'more.md').write_text('# More\n\nclimoreword lines.')
    rc, out, err = ls(d, 'add', 'more.md', '--db', 'a.db', '--quiet', env=TRUST)   # the CLI, no flags: the file's own code, trusted
    assert rc == 0, err
    assert any('climoreword' in l for l in log())
    db = database(d/'a.db'); check_vectors(db); db.close()

def test_every_query_path_uses_the_recorded_embedder(spy):
    d, log = spy
    db = database(d/'q.db'); db.add_dir(d/'docs', embedder='spyemb:embed'); db.close()
    db = database(d/'q.db', trust_embedder=True)                 # a new connection knows nothing but the database (and trusts its code)
    seen = lambda w: any(w in l.split() for l in log())
    db.chunk_search('qsearch saturn'); db.doc_search('qdocsearch saturn'); db.sections('qsections saturn')
    db.context('qcontext saturn', limit=1)
    T = {f.__name__: f for f in db.tools()}
    T['sections']('qtoolsections saturn'); T['search']('qtoolsearch saturn')
    for w in ('qsearch', 'qdocsearch', 'qsections', 'qcontext', 'qtoolsections', 'qtoolsearch'): assert seen(w), w
    assert len(db.chunk_search('saturn', rrf=False)['vec']) > 0
    q = 'how long is a saturn transit'
    e = load_embedder('spyemb:embed')
    assert db.sections(q) == db.sections(q, e.query([q])[0])
    assert db.doc_search(q) == db.doc_search(q, e.query([q])[0])
    assert db.chunk_search('qkeyword saturn', emb=False, rrf=False)['vec'] == [] and not seen('qkeyword')     # keyword only: asked for
    db.close()
    rc, out, err = ls(d, 'search', 'qclisearch saturn', '--db', 'q.db', '--json', env=TRUST)
    assert rc == 0 and seen('qclisearch') and json.loads(out)[0]['breadcrumb'].startswith('saturn'), err
    rc, out, err = ls(d, 'search', 'qclisections saturn', '--sections', '--db', 'q.db', env=TRUST)
    assert rc == 0 and seen('qclisections'), err
    anyio = pytest.importorskip('anyio'); pytest.importorskip('mcp')
    from mcp import ClientSession, StdioServerParameters, stdio_client
    async def session():
        srv = StdioServerParameters(command=sys.executable, args=['-m', 'litesearch.cli', 'mcp', '--db', str(d/'q.db')], cwd=str(d),
                                    env={'PYTHONPATH': os.environ.get('PYTHONPATH', ''), **TRUST})
        with open(os.devnull, 'w') as quiet:
            async with stdio_client(srv, errlog=quiet) as (r, w), ClientSession(r, w) as s:
                await s.initialize()
                return await s.call_tool('sections', {'q': 'qmcp saturn transit', 'limit': 1})
    res = anyio.run(session)
    assert not res.is_error and seen('qmcp'), res.content
    assert res.structured_content['result'][0]['breadcrumb'].startswith('saturn')

def test_python_built_database_from_cli_and_mcp_with_no_flags(tmp_path):
    "A database built from Python with a model folder is searched by the CLI with no flags, through its vector leg."
    m = make_tiny_static(tmp_path/'tiny-static', VOCAB, groups=[['saturn', 'planet']])
    d = tmp_path/'docs'; d.mkdir()
    for k, v in DOCS.items(): (d/k).write_text(v)
    db = database(tmp_path/'s.db', embedder=str(m)); db.add_dir(d)
    assert db.ls_meta('store.embedder')['spec'] == f'static:{m.resolve()}'
    assert db.chunk_search('planet', rrf=False)['fts'] == []                       # no chunk has the word: only a vector finds it
    top = db.sections('planet', limit=1)[0]['breadcrumb']
    db.close()
    assert top.startswith('saturn')
    rc, out, err = ls(tmp_path, 'search', 'planet', '--sections', '--limit', '1', '--db', 's.db', '--json')
    assert rc == 0 and json.loads(out)[0]['breadcrumb'] == top, err
    rc, out, err = ls(tmp_path, 'info', '--db', 's.db', '--json')
    assert json.loads(out)['embedder'] == f'static:{m.resolve()}'

def test_mismatch_refused(spy):
    d, _ = spy
    db = database(d/'m.db', embedder='hash:64')
    db.add_doc('# A\n\nsome text', title='a')
    for other in ('hash', 'hash:32', 'spyemb:embed'):
        with pytest.raises(ValueError, match="refused: store 'store' was built with 'hash:64'"): db.add_doc('# B\n\nmore', title='b', embedder=other)
    with pytest.raises(ValueError, match='makes dimension 32 vectors'): db.add_doc('# B\n\nmore', title='b', embedder=lambda ts: hash_embed(ts, 32))
    with pytest.raises(ValueError, match='refused'): db.sections('text', store='store') if db.embedder('hash') else None
    db.close()
    with pytest.raises(ValueError, match='refused'): database(d/'m.db', embedder='hash')
    one_line_error(*ls(d, 'add', 'docs', '--db', 'm.db', '--embedder', 'hash')[::2], "refused: store 'store' was built with 'hash:64'")
    one_line_error(*ls(d, 'search', 'text', '--db', 'm.db', '--embedder', 'spyemb:embed')[::2], 'refused')
    db = database(d/'m.db'); assert db.execute('SELECT count(*) FROM docs').fetchone()[0] == 1; db.close()

def test_unnamed_embedder_says_which_flag(tmp_path):
    "A store filled by a lambda cannot embed by itself: the CLI and Python say what to pass instead of guessing."
    db = database(tmp_path/'l.db'); db.add_doc('# A\n\nsaturn text', title='a', embedder=lambda ts: hash_embed(ts, 64))
    rec = db.ls_meta('store.embedder')
    assert (rec['spec'], rec['dim'], rec['dtype']) == (None, 64, 'float16') and rec['name'].endswith('<lambda> in test_embedder')
    with pytest.raises(ValueError, match='--embedder module:function'): db.sections('saturn')
    assert db.sections('saturn', emb=False)[0]['breadcrumb'] == 'a'
    db.close()
    one_line_error(*ls(tmp_path, 'search', 'saturn', '--db', 'l.db')[::2], '<lambda> in test_embedder', '--embedder module:function')
    rc, out, err = ls(tmp_path, 'search', 'saturn', '--db', 'l.db', '--embedder', 'hash:64')
    assert rc == 0 and 'saturn text' in out, err

def test_never_a_chunk_without_a_vector(tmp_path):
    db = database()
    db.add_doc('# A\n\nfirst text', title='a')                               # nothing named: hash, recorded
    assert db.ls_meta('store.embedder')['spec'] == 'hash' and nulls(db) == 0
    with pytest.raises(ValueError, match='embedder=False refused'): db.add_doc('# B\n\nsecond', title='b', embedder=False)
    from litesearch.ingest import store_chunks
    with pytest.raises(ValueError, match='holds vectors'):
        store_chunks(db.t.store, [dict(content='x', doc_id='d', node_id='d#0', page=0)])
    assert nulls(db) == 0 and db.execute('SELECT count(*) FROM docs').fetchone()[0] == 1
    # keyword only, asked for: a store with no vectors; it gains an embedder later and every chunk gets one
    k = database(); k.add_doc('# K\n\nkeyword text', title='k', embedder=False); k.add_dir(files=[], embedder=False)
    assert nulls(k) == 1 and k.ls_meta('store.dim') is None and k.ls_meta('store.embedder') is None
    assert k.sections('keyword')[0]['breadcrumb'] == 'k'                       # no vectors: keywords are all there is
    k.add_doc('# L\n\nlater text', title='l')
    assert nulls(k) == 0 and k.ls_meta('store.embedder')['spec'] == 'hash'
    kd = database(embedder=False); kd.add_doc('# K\n\ntext', title='k'); assert nulls(kd) == 1
    for x in (db, k, kd): x.close()

def test_query_dtype_conversion(tmp_path):
    db = database(embedder='hash')                                            # float16 store
    db.add_doc('# Saturn\n\nSaturn transits slowly.', title='s'); db.add_doc('# Moon\n\nThe moon moves fast.', title='m')
    q = 'saturn transit'
    v = hash_embed([q])[0]
    want = db.chunk_search(q)
    for e in (v, v.astype(np.float32), v.astype(np.float64), v.astype(np.float32).tolist(), v.tobytes(),
              v.astype(np.float32).tobytes(), v.astype(np.float64).tobytes()):
        assert db.chunk_search(q, e) == want
    for bad, words in [(v[:100], 'dimension 100'), (v.tobytes()[:-1], 'dtype'), (np.ones(100, np.float32).tobytes(), 'dimension'),
                       (['x'] * 256, 'expected 256 float16 numbers'), ('vector', 'expected 256 float16 numbers'),
                       (np.full(256, np.nan), 'NaN')]:
        with pytest.raises(ValueError, match=words): db.chunk_search(q, bad)
    # an embedder returning float32 into the float16 store is cast, not refused
    db.add_doc('# X\n\nextra text', title='x', embedder=Embedder(lambda ts: hash_embed(ts, dtype=np.float32), 'hash'))   # named: an unnamed one is refused
    assert db.ls_meta('store.dtype') == 'float16' and nulls(db) == 0
    with pytest.raises(ValueError, match='dimension'): db.add_doc('# Y\n\ny', title='y', embedder=lambda ts: np.ones((len(ts), 8), np.float32))
    db.close()

def test_model_folders_load_offline(tmp_path, monkeypatch):
    monkeypatch.setenv('HF_HUB_OFFLINE', '1')
    st = make_tiny_static(tmp_path/'st', VOCAB, groups=[['saturn', 'planet']])
    ox = make_tiny_onnx(tmp_path/'ox', VOCAB, groups=[['saturn', 'planet']])
    (ox/'litesearch.json').write_text(json.dumps(dict(query_prefix='moon ', doc_prefix='')))
    for spec, kind in ((str(st), 'static'), (str(ox), 'onnx'), (f'static:{st}', 'static'), (f'onnx:{ox}', 'onnx')):
        e = load_embedder(spec)
        v = e(['saturn', 'planet', 'ledger'])
        assert e.spec == f'{kind}:{(st if kind == "static" else ox).resolve()}' and v.shape == (3, 16) and v[0] @ v[1] > 0.5 > v[0] @ v[2]
    assert not np.allclose(load_embedder(str(ox)).query(['saturn']), load_embedder(str(ox))(['saturn']))   # the query prefix
    # a hub id found in the cache folder loads with no network, and records the id, not the folder
    monkeypatch.setenv('LITESEARCH_EMBED_MODELS', str(tmp_path/'cache'))
    make_tiny_onnx(tmp_path/'cache'/'acme--tiny-onnx', VOCAB)
    db = database(tmp_path/'h.db', embedder='onnx:acme/tiny-onnx'); db.add_doc('# S\n\nsaturn rings', title='s')
    assert db.ls_meta('store.embedder') == dict(spec='onnx:acme/tiny-onnx', dim=16, dtype='float32') and nulls(db) == 0
    assert db.sections('saturn')[0]['breadcrumb'] == 's'
    db.close()

def test_missing_model_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setenv('HF_HUB_OFFLINE', '1'); monkeypatch.setenv('LITESEARCH_EMBED_MODELS', str(tmp_path/'cache'))
    with pytest.raises(ModelNotFoundError) as ei: load_embedder('static:acme/nothing-here')
    msg = str(ei.value)
    assert "'acme/nothing-here'" in msg and str(tmp_path/'cache'/'acme--nothing-here') in msg and 'LITESEARCH_EMBED_MODELS' in msg and "'hash'" in msg
    with pytest.raises(ModelNotFoundError, match='no such folder'): load_embedder(f'onnx:{tmp_path}/absent')
    (tmp_path/'a.md').write_text('# A\n\ntext')
    env = dict(HF_HUB_OFFLINE='1', LITESEARCH_EMBED_MODELS=str(tmp_path/'cache'))
    one_line_error(*ls(tmp_path, 'add', 'a.md', '--db', 'x.db', '--embedder', 'onnx:acme/nothing-here', env=env)[::2],
                   "model 'acme/nothing-here' is not in", 'acme--nothing-here')
    assert not (tmp_path/'x.db').exists()

def test_old_records_and_names(tmp_path):
    "A database recorded as litesearch.utils:hash_embed (before specs) is the `hash` embedder; utils still imports."
    db = database(tmp_path/'o.db'); db.add_doc('# A\n\nsaturn text', title='a', embedder='hash')
    db.ls_meta('store.embedder', dict(spec='litesearch.utils:hash_embed', dim=256)); db.close()
    db = database(tmp_path/'o.db', embedder='hash'); assert db.sections('saturn')[0]['breadcrumb'] == 'a'
    db.add_doc('# B\n\nmore', title='b', embedder='litesearch:hash_embed'); assert nulls(db) == 0; db.close()
    from litesearch.embed import hash_embed as old
    assert old is hash_embed
