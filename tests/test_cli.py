"The `litesearch` command line, run as a subprocess on a temporary corpus."
import io, json, os, subprocess, sys
from contextlib import redirect_stdout, redirect_stderr
import pytest
from litesearch import database

DOCS = {'saturn.md': '# Saturn\n\nSaturn is the slowest of the classical grahas.\n\n## Sade Sati\n\nSade sati is the seven and a '
                     'half year period when Saturn transits the twelfth, first and second houses from the natal moon.\n\n'
                     '## Remedies\n\nRecitation on Saturdays is the common prescription.',
        'ratios.md': '# Ratios\n\n## Liquidity\n\nThe current ratio is current assets over current liabilities.',
        'notes.txt': 'Plain notes with no headings: the quick ratio leaves out inventories.'}

def ls(cwd, *args, env=None):
    "Run `python -m litesearch.cli *args` in `cwd`: (exit code, stdout, stderr)."
    r = subprocess.run([sys.executable, '-m', 'litesearch.cli', *map(str, args)], cwd=cwd, capture_output=True, text=True,
                       timeout=120, env={**{k: v for k, v in os.environ.items() if k != 'LITESEARCH_DB'}, **(env or {})})
    return r.returncode, r.stdout, r.stderr

def run(*args, err=None):
    "`main(args)` in this process, for the cases that need no fresh interpreter: (exit code, stdout, stderr)."
    from litesearch.cli import main
    out, err = io.StringIO(), err or io.StringIO()
    with redirect_stdout(out), redirect_stderr(err): rc = main(list(map(str, args)))
    return rc, out.getvalue(), err.getvalue()

def one_line_error(rc, err, *words):
    assert rc == 1, (rc, err)
    assert err.count('\n') == 1 and 'Traceback' not in err, err
    for w in words: assert w in err, (w, err)

@pytest.fixture
def corpus(tmp_path):
    d = tmp_path/'docs'; d.mkdir()
    for k, v in DOCS.items(): (d/k).write_text(v)
    return tmp_path

def test_session(corpus):
    "add, re-add, toc, read, search, rm and info against the default database in the current folder."
    rc, out, err = ls(corpus, 'add', 'docs', '--quiet')
    assert rc == 0, err
    assert '3 added, 0 skipped, 0 failed' in out and (corpus/'litesearch.db').exists()
    rc, out, _ = ls(corpus, 'add', 'docs', '--json')
    res = json.loads(out)
    assert rc == 0 and [d.get('skipped') for d in res['documents']] == [True, True, True]

    rc, out, _ = ls(corpus, 'toc', '--json')
    docs = {d['title']: d for d in json.loads(out)}
    assert rc == 0 and set(docs) == {'saturn', 'ratios', 'notes'} and docs['saturn']['sections'] == [] and docs['saturn']['nsections'] == 3
    rc, out, _ = ls(corpus, 'toc', 'saturn')
    lines = out.splitlines()
    assert rc == 0 and lines[0].startswith('saturn  p1  ') and lines[2].strip().startswith('Sade Sati  p1  '), out
    sade = lines[2].split()[-1]

    rc, out, _ = ls(corpus, 'read', sade)
    assert rc == 0 and out.splitlines()[0] == 'saturn › Sade Sati' and 'natal moon' in out
    rc, out, _ = ls(corpus, 'search', 'current liabilities', '--json', '--limit', 2)
    hits = json.loads(out)
    assert rc == 0 and len(hits) <= 2 and hits[0]['breadcrumb'] == 'ratios › Liquidity' and 'current assets' in hits[0]['text']
    rc, out, _ = ls(corpus, 'search', 'saturn transits the natal moon', '--sections', '--limit', 1)
    assert rc == 0 and out.startswith(' 1. ') and f'saturn › Sade Sati  p1  {sade}' in out, out

    rc, out, _ = ls(corpus, 'rm', 'ratios')
    assert rc == 0 and out.startswith('removed ratios (') and out.rstrip().endswith(': 1 chunks')
    db = corpus/'litesearch.db'
    rc, out, _ = run('info', '--json', '--db', db)
    i = json.loads(out)
    assert rc == 0 and (i['documents'], i['chunks'], i['embedder'], i['dim']) == (2, 4, 'hash', 256), i
    rc, out, err = run('search', 'current liabilities', '--json', '--db', db)
    assert rc == 0 and all('ratios' not in h['breadcrumb'] for h in json.loads(out))

def test_bad_path(corpus):
    "A bad path: one line on stderr, exit code 1, and no empty database left behind."
    one_line_error(*ls(corpus, 'add', 'nowhere', '--db', 'x.db')[::2], 'nowhere: no such file or folder')
    assert not (corpus/'x.db').exists()
    one_line_error(*run('add', corpus/'docs', '--embedder', 'nosuchmodule:f', '--db', corpus/'y.db')[::2], "cannot import 'nosuchmodule'")
    assert not (corpus/'y.db').exists()

def test_errors_are_one_line(corpus):
    "An unknown section, document or database, an empty query: one line on stderr and exit code 1; usage errors exit 2."
    db = corpus/'x.db'
    one_line_error(*run('toc', '--db', db)[::2], f'no database at {db}')
    assert not db.exists()
    assert run('add', corpus/'docs'/'ratios.md', '--db', db, '--quiet')[0] == 0
    one_line_error(*run('read', 'feedbeef#9', '--db', db)[::2], "node 'feedbeef#9': no such node")
    assert run('toc', 'jupiter', '--db', db)[:2] == (0, '(no documents)\n')   # as db.toc('jupiter'): a filter matching nothing
    one_line_error(*run('search', 'ratio', '--doc', 'jupiter', '--db', db)[::2], "doc 'jupiter': no such document")
    rc, out, _ = run('rm', 'jupiter', '--db', db)                   # idempotent: nothing there is nothing to remove
    assert rc == 0 and out.strip() == "nothing to remove: no document 'jupiter' (litesearch toc lists them)", out
    assert run('search', ' ', '--db', db)[0] == 0                   # no words: nothing found, as in Python
    one_line_error(*run('search', 'ratio', '--limit', 0, '--db', db)[::2], 'limit=0: expected a whole number, 1 or more')
    bad = corpus/'bad.db'; d = database(bad); d.add_doc('# A\n\nSome text here.', title='a'); d.close()
    b = bytearray(bad.read_bytes()); b[100:4096] = b'\xff' * 3996; bad.write_bytes(b)
    one_line_error(*ls(corpus, 'toc', '--db', bad)[::2], 'is damaged')          # SQLite's own log lines stay off stderr
    (corpus/'plain.db').write_bytes(b'')
    one_line_error(*run('toc', '--db', corpus/'plain.db')[::2], 'is not a litesearch database')
    with pytest.raises(SystemExit) as e, redirect_stderr(io.StringIO()): run('toc', '--depth', 'two', '--db', db)
    assert e.value.code == 2

def test_failed_document_sets_exit_code(corpus):
    (corpus/'docs'/'broken.txt').write_bytes(b'\x00\x01binary')
    rc, out, err = run('add', corpus/'docs', '--db', corpus/'b.db', '--quiet')
    assert rc == 1 and '3 added, 0 skipped, 1 failed' in out and 'looks binary' in out
    assert err.strip() == 'litesearch add: 1 of 4 documents failed'

def test_embedder_recorded_and_mismatch_refused(corpus):
    "A named embedder is recorded; later commands use it without being told, and a different one is refused."
    (corpus/'myemb.py').write_text('import numpy as np\nfrom litesearch.embed import hash_embed\n'
                                   'def embed(texts): return hash_embed(texts, dim=64)\n'
                                   'def other(texts): return hash_embed(texts, dim=64, char_n=3)\n')
    env = dict(LITESEARCH_DB=str(corpus/'e.db'))
    rc, out, err = ls(corpus, 'add', 'docs/saturn.md', '--embedder', 'myemb:embed', env=env)
    assert rc == 0, err
    i = json.loads(ls(corpus, 'info', '--json', env=env)[1])
    assert (i['embedder'], i['dim'], i['documents']) == ('myemb:embed', 64, 1)
    one_line_error(*ls(corpus, 'search', 'sade sati', env=env)[::2], "records embedder 'myemb:embed'")   # the file's code: not run unasked
    rc, out, err = ls(corpus, 'search', 'sade sati', '--json', env=dict(env, LITESEARCH_TRUST_EMBEDDER='1'))   # trusted: found in the cwd
    assert rc == 0 and json.loads(out)[0]['breadcrumb'] == 'saturn › Sade Sati', err
    one_line_error(*ls(corpus, 'search', 'sade sati', '--embedder', 'myemb:other', env=env)[::2],
                   "embedder 'myemb:other' refused: store 'store' was built with 'myemb:embed' (dimension 64)")
    one_line_error(*ls(corpus, 'add', 'docs', '--embedder', 'litesearch.utils:hash_embed', env=env)[::2], 'refused')
    assert json.loads(run('info', '--json', '--db', corpus/'e.db')[1])['documents'] == 1, 'a refused add writes nothing'
    one_line_error(*run('add', corpus/'docs', '--embedder', 'nosuchmodule:f', '--db', corpus/'e.db')[::2], "cannot import 'nosuchmodule'")

def test_mcp_extra_missing(corpus):
    "Without the `mcp` package, `litesearch mcp` says which extra to install."
    assert run('add', corpus/'docs'/'ratios.md', '--db', corpus/'litesearch.db', '--quiet')[0] == 0
    r = subprocess.run([sys.executable, '-c', "import sys; sys.modules['mcp'] = None\nfrom litesearch.cli import main\n"
                        "sys.exit(main(['mcp']))"], cwd=corpus, capture_output=True, text=True, timeout=120)
    one_line_error(r.returncode, r.stderr, "pip install 'litesearch[mcp]'")

def test_console_script_declared():
    "settings.ini declares the `litesearch` console script, and it names `main`."
    from configparser import ConfigParser
    from pathlib import Path
    cfg = ConfigParser(delimiters=['=']); cfg.read(Path(__file__).parent.parent/'settings.ini')
    assert cfg['DEFAULT']['console_scripts'].split() == ['litesearch=litesearch.cli:main']

class _Tty(io.StringIO):
    def isatty(self): return True

def test_progress_passed_to_add_dir(corpus, monkeypatch):
    "`add` hands `progress=` to `add_dir`: a bar on a terminal unless --quiet, none when stderr is not a terminal."
    from apswutils.db import Database
    orig, seen = Database.add_dir, []
    def add_dir(self, dir=None, progress:bool=False, **kw): seen.append(progress); return orig(self, dir, **kw)
    monkeypatch.setattr(Database, 'add_dir', add_dir)
    assert run('add', corpus/'docs', '--db', corpus/'p.db', err=_Tty())[0] == 0
    assert run('add', corpus/'docs', '--db', corpus/'p.db', '--quiet', err=_Tty())[0] == 0
    assert run('add', corpus/'docs', '--db', corpus/'p.db')[0] == 0                  # not a terminal
    assert seen == [True, False, False]

def test_prune(corpus):
    "`add --prune` removes the documents whose files left the folder, and says so."
    d = corpus/'sync'; d.mkdir()
    (d/'a.md').write_text('# A\n\nSaturn stays.'); (d/'b.md').write_text('# B\n\nJupiter goes.')
    assert run('add', d, '--db', corpus/'s.db')[0] == 0
    (d/'b.md').unlink()
    rc, out, _ = run('add', d, '--db', corpus/'s.db', '--prune')
    assert rc == 0 and 'removed' in out and 'b.md' in out and '1 removed' in out, out
    rc, out, _ = run('toc', '--db', corpus/'s.db', '--json')
    assert rc == 0 and [x['title'] for x in json.loads(out)] == ['a']

def test_any_error_is_one_line(corpus):
    "A bad name, a huge limit and an embedder that raises: one line on stderr, exit 1, no traceback (issue 27)."
    (corpus/'boom.py').write_text('def embed(texts): raise RuntimeError("model server down\\nretry later")\n')
    env = dict(LITESEARCH_DB=str(corpus/'b.db'))
    assert ls(corpus, 'add', 'docs/saturn.md', env=env)[0] == 0
    one_line_error(*ls(corpus, 'rm', '', env=env)[::2], 'expected a document id')
    one_line_error(*ls(corpus, 'add', 'docs/saturn.md', '--db', str(corpus/'c.db'), '--embedder', 'boom:embed', '--force', env=env)[::2], 'model server down retry later')
    rc, out, err = ls(corpus, 'search', 'saturn', '--limit', '99999999999999999999', env=env)
    assert rc in (0, 1) and 'Traceback' not in err and (rc == 0 or err.count('\n') == 1), (rc, err)

def test_output_escapes_controls(corpus):
    "Titles holding C1 controls, DEL, bidi overrides or line separators reach a terminal escaped, in text and in valid JSON (issue 27)."
    from litesearch import database
    p = corpus/'ctl.db'; db = database(p)
    db.add_doc('# Sat\u009b31murn\u202e\n\nSaturn\u2028transits slowly\x7f here.', title='Sat\u009burn\u202e\u2028x'); db.close()
    rc, out, err = ls(corpus, 'toc', '--db', str(p))
    assert rc == 0 and not any(c in out for c in '\u009b\u202e\u2028\x7f'), out
    rc, out, err = ls(corpus, 'search', 'saturn', '--json', '--db', str(p))
    assert rc == 0 and not any(c in out for c in '\u009b\u202e\u2028\x7f'), out
    assert '\u009b' in json.dumps(json.loads(out), ensure_ascii=False)      # escaped, not lost: the JSON reads back the same text
