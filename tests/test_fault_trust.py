"""Opening a file never runs code it names (issue 27): a recorded `module:function` embedder is imported only when the
caller names it or trusts the file; litesearch's own specs load by themselves; an unnamed callable is refused on a store
built with one of them."""
import json, os, subprocess, sys
import pytest
from litesearch import database, hash_embed
from litesearch.core import UntrustedEmbedderError
from litesearch.embed import _load
from test_cli import ls, one_line_error

EVIL = '''import os
from litesearch import hash_embed
HERE = os.path.dirname(os.path.abspath(__file__))
open(os.path.join(HERE, 'imported.flag'), 'a').close()
def embed(texts):
    open(os.path.join(HERE, 'called.flag'), 'a').close()
    return hash_embed(texts, 64)
'''

@pytest.fixture
def evil(tmp_path, monkeypatch):
    "A database built with `evil:embed`, a module in the cwd that leaves a flag file when imported or called; flags cleared."
    (tmp_path/'evil.py').write_text(EVIL)
    monkeypatch.syspath_prepend(str(tmp_path)); monkeypatch.chdir(tmp_path)
    monkeypatch.delenv('LITESEARCH_TRUST_EMBEDDER', raising=False)
    sys.modules.pop('evil', None); _load.cache_clear()
    db = database(tmp_path/'e.db', embedder='evil:embed')
    db.add_doc('# Saturn\n\nSaturn rings turn slowly.', title='saturn'); db.close()
    sys.modules.pop('evil', None); _load.cache_clear()
    for f in ('imported.flag', 'called.flag'): (tmp_path/f).unlink()
    yield tmp_path
    sys.modules.pop('evil', None); _load.cache_clear()

def ran(d): return (d/'imported.flag').exists() or (d/'called.flag').exists()

@pytest.mark.parametrize('call', ['sections', 'search', 'doc_search', 'add_doc', 'embedder', 'tools'])
def test_opening_never_imports_the_recorded_function(evil, call):
    db = database(evil/'e.db')
    f = dict(sections=lambda: db.sections('saturn'), search=lambda: db.chunk_search('saturn'), doc_search=lambda: db.doc_search('saturn'),
             add_doc=lambda: db.add_doc('# More\n\nmore text', title='more'), embedder=lambda: db.embedder(),
             tools=lambda: {t.__name__: t for t in db.tools()}['sections']('saturn'))[call]
    with pytest.raises(UntrustedEmbedderError) as e: f()
    msg = str(e.value)
    assert "'evil:embed'" in msg and 'trust_embedder=True' in msg and 'LITESEARCH_TRUST_EMBEDDER=1' in msg and '--embedder evil:embed' in msg
    assert not ran(evil), 'the recorded module was imported or called'
    assert db.sections('saturn', emb=False)[0]['breadcrumb'] == 'saturn'      # keywords need no embedder
    assert [d['title'] for d in db.toc()] == ['saturn']
    db.close()

@pytest.mark.parametrize('how', ['named', 'named later', 'trusted', 'env'])
def test_named_or_trusted_loads_it(evil, how, monkeypatch):
    if how == 'env': monkeypatch.setenv('LITESEARCH_TRUST_EMBEDDER', '1')
    db = database(evil/'e.db', **dict(named=dict(embedder='evil:embed'), trusted=dict(trust_embedder=True)).get(how, {}))
    if how == 'named later': db.embedder('evil:embed')
    assert db.sections('saturn')[0]['breadcrumb'] == 'saturn' and (evil/'called.flag').exists()
    db.close()

def test_trust_false_beats_the_env(evil, monkeypatch):
    monkeypatch.setenv('LITESEARCH_TRUST_EMBEDDER', '1')
    db = database(evil/'e.db', trust_embedder=False)
    with pytest.raises(UntrustedEmbedderError): db.sections('saturn')
    assert not ran(evil); db.close()

def test_cli_needs_the_flag_or_the_env(evil):
    one_line_error(*ls(evil, 'search', 'saturn', '--db', 'e.db')[::2], "'evil:embed'", 'LITESEARCH_TRUST_EMBEDDER=1')
    assert not ran(evil)
    rc, out, err = ls(evil, 'search', 'saturn', '--db', 'e.db', '--json', '--embedder', 'evil:embed')
    assert rc == 0 and json.loads(out)[0]['breadcrumb'] == 'saturn', err
    rc, out, err = ls(evil, 'search', 'saturn', '--db', 'e.db', '--json', env=dict(LITESEARCH_TRUST_EMBEDDER='1'))
    assert rc == 0 and json.loads(out)[0]['breadcrumb'] == 'saturn', err

@pytest.mark.parametrize('spec', ['sys:exit', 'builtins:input', 'os:abort'])
def test_a_tampered_record_is_not_called(tmp_path, spec):
    "A file whose record was rewritten to a standard-library function: opening and searching it neither exits, reads stdin nor aborts."
    db = database(tmp_path/'t.db'); db.add_doc('# Saturn\n\nSaturn rings.', title='saturn')
    db.ls_meta('store.embedder', dict(spec=spec, dim=256, dtype='float16')); db.close()
    code = ("from litesearch import database\ndb = database('t.db')\n"
            "try: db.sections('saturn')\nexcept ValueError as e: print('REFUSED', e)\n")
    r = subprocess.run([sys.executable, '-c', code], cwd=tmp_path, capture_output=True, text=True, input='typed\n', timeout=60,
                       env={k: v for k, v in os.environ.items() if k != 'LITESEARCH_TRUST_EMBEDDER'})
    assert r.returncode == 0 and r.stdout.startswith('REFUSED') and repr(spec) in r.stdout, (r.returncode, r.stdout, r.stderr)

def test_builtin_specs_stay_automatic(tmp_path):
    db = database(tmp_path/'h.db', embedder='hash:64'); db.add_doc('# Saturn\n\nSaturn rings.', title='saturn'); db.close()
    db = database(tmp_path/'h.db')
    assert db.sections('saturn rings')[0]['breadcrumb'] == 'saturn' and db.embedder().spec == 'hash:64'
    db.close()
    from litesearch.core import _recorded_spec
    for spec in ('minilm', 'minilm-int8', 'minilm-static'):     # litesearch's own models: files read, no code a file names
        db = database(tmp_path/f'{spec}.db', embedder=False); db.ls_meta('store.embedder', dict(spec=spec, dim=384, dtype='float32')); db.close()
        db = database(tmp_path/f'{spec}.db')
        assert _recorded_spec(db, 'store', spec) == spec
        db.close()

def test_unnamed_callable_refused_on_a_builtin_store(tmp_path):
    "A lambda of the right dimension on a `hash` store used to write vectors from another space without a word."
    db = database(tmp_path/'u.db'); db.add_doc('# Saturn\n\nSaturn rings.', title='saturn'); db.close()
    other = lambda ts: hash_embed(ts, 256, char_n=3)
    with pytest.raises(ValueError, match="refused: store 'store' was built with 'hash'"): database(tmp_path/'u.db', embedder=other)
    db = database(tmp_path/'u.db')
    n = db.execute('SELECT count(*) FROM store').fetchone()[0]
    with pytest.raises(ValueError, match="pass 'hash' itself"): db.add_doc('# Moon\n\nMoon text.', title='moon', embedder=other)
    assert db.execute('SELECT count(*) FROM store').fetchone()[0] == n
    db.add_doc('# Moon\n\nMoon text.', title='moon', embedder=hash_embed)       # hash_embed itself is named: `hash`
    db.close()
