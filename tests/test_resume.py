"Issue 26: a load killed part-way (SIGKILL, Ctrl-C) resumes with `add` again: every document whole or absent, none twice, the rest added."
import os, signal, subprocess, sys, time
from pathlib import Path
import pytest
from litesearch import database
from litesearch.embed import hash_embed

N = 24
SLOW = ('import time\nfrom litesearch.embed import hash_embed\n'
        'def embed(texts):\n    time.sleep({s} * len(texts))\n    return hash_embed(texts, dim=64)\n')

def corpus(d:Path, n=N):
    "n markdown files of three sections each."
    d.mkdir()
    for i in range(n):
        (d/f'doc{i:02}.md').write_text(f'# Doc {i}\n\n' + '\n\n'.join(
            f'## Part {s}\n\n' + f'Saturn transit number {i} in part {s} of the ledger, with remarks on houses and signs. ' * 4 for s in range(3)))

def cli(cwd, *args):
    "`python -m litesearch.cli` started in `cwd` (where the slow embedder module lies), stdout and stderr piped."
    # Ctrl-C as a terminal sends it: a suite run as a background job (`pytest ... &`) ignores SIGINT, and its children inherit
    # that, so the add ran on to the end (exit 0) and these tests failed for where they ran, not for what they test
    return subprocess.Popen([sys.executable, '-m', 'litesearch.cli', *map(str, args)], cwd=cwd, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={k: v for k, v in os.environ.items() if k != 'LITESEARCH_DB'},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))

def reference(d):
    "(nodes, chunks) per title from a load that ran to the end: chunking does not depend on the embedder."
    db = database()
    db.add_dir(d, embedder=lambda ts: hash_embed(ts, dim=64))
    return {t: (n, c) for t, n, c in db.execute('SELECT d.title, (SELECT count(*) FROM nodes WHERE doc_id = d.id), '
                                                '(SELECT count(*) FROM store WHERE doc_id = d.id) FROM docs d')}

def stored(path):
    "(nodes, chunks, chunks with a vector) per title, and the number of document rows."
    db = database(path)
    try:
        rows = db.execute('SELECT d.title, (SELECT count(*) FROM nodes WHERE doc_id = d.id), (SELECT count(*) FROM store WHERE doc_id = d.id), '
                          '(SELECT count(embedding) FROM store WHERE doc_id = d.id) FROM docs d WHERE d.hash IS NOT NULL').fetchall()
        return {t: (n, c, v) for t, n, c, v in rows}, db.execute('SELECT count(*) FROM docs').fetchone()[0]
    finally: db.close()

def whole(got, ref):
    "Every stored document has all its sections and chunks, each chunk its vector."
    for t, (n, c, v) in got.items(): assert (n, c, v) == (*ref[t], ref[t][1]), (t, (n, c, v), ref[t])

@pytest.mark.parametrize('bulk', [False, True])
def test_sigkill_part_way_then_add_again(tmp_path, bulk):
    "Killed with its FTS triggers dropped (`--bulk`) or not: the next open repairs, the next `add` finishes, keyword search finds every chunk."
    d = tmp_path/'docs'; corpus(d); ref = reference(d)
    (tmp_path/'slowemb.py').write_text(SLOW.format(s=0.04))
    p = cli(tmp_path, 'add', d, '--db', tmp_path/'k.db', '--embedder', 'slowemb:embed', '--embed-batch', 8, *(['--bulk'] if bulk else []))
    first = p.stdout.readline()                       # a document's line, printed as it lands
    running = p.poll() is None
    p.send_signal(signal.SIGKILL); p.communicate()
    assert first.startswith('added') and running, (first, running)      # printed while the load still ran, not at its end
    got, rows = stored(tmp_path/'k.db')
    assert 0 < len(got) < N, len(got)
    assert rows == len(got)                           # no document row without its content
    whole(got, ref)
    p = cli(tmp_path, 'add', d, '--db', tmp_path/'k.db', '--embedder', 'slowemb:embed')   # code a file records runs only when named
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0, err
    assert f'{N} documents: {N - len(got)} added, {len(got)} skipped, 0 failed' in out, out
    assert sum(l.startswith('added') for l in out.splitlines()) == N - len(got)     # none of the first run's again
    final, rows = stored(tmp_path/'k.db')
    assert rows == N and set(final) == set(ref)
    whole(final, ref)
    db = database(tmp_path/'k.db')
    n = lambda q: db.execute(q).fetchone()[0]
    assert n("SELECT count(*) FROM store_fts WHERE store_fts MATCH 'ledger'") == n('SELECT count(*) FROM store') == sum(c for _, c in ref.values())
    db.close()

def test_ctrl_c_before_anything_lands_leaves_no_database(tmp_path):
    "A first `add` interrupted before any document is written: exit 130, a note on stderr, and no empty database left."
    d = tmp_path/'docs'; corpus(d)
    (tmp_path/'slowemb.py').write_text(SLOW.format(s=0.1))      # the first batch (64 chunks) takes 6 s to embed
    db = tmp_path/'c.db'
    p = cli(tmp_path, 'add', d, '--db', db, '--embedder', 'slowemb:embed')
    t = time.monotonic()
    while not db.exists() and p.poll() is None and time.monotonic() - t < 120: time.sleep(0.01)
    time.sleep(0.5)                    # past creating the tables, into the load
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130 and 'interrupted' in err and 'Traceback' not in err, (p.returncode, err)
    assert not any(q.exists() for q in (db, Path(f'{db}-wal'), Path(f'{db}-shm')))

@pytest.mark.parametrize('sig', [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_part_way_keeps_whole_documents(tmp_path, sig):
    "Ctrl-C (or a plain `kill`) after some documents landed: they stay, whole, and the same add finishes the rest."
    d = tmp_path/'docs'; corpus(d); ref = reference(d)
    (tmp_path/'slowemb.py').write_text(SLOW.format(s=0.04))
    p = cli(tmp_path, 'add', d, '--db', tmp_path/'i.db', '--embedder', 'slowemb:embed', '--embed-batch', 8)
    assert p.stdout.readline().startswith('added')
    p.send_signal(sig)
    out, err = p.communicate(timeout=120)
    assert p.returncode == 130 and 'the same add again resumes' in err, err
    got, rows = stored(tmp_path/'i.db')
    assert 0 < len(got) < N and rows == len(got)
    whole(got, ref)
    p = cli(tmp_path, 'add', d, '--db', tmp_path/'i.db', '--embedder', 'slowemb:embed')
    out, err = p.communicate(timeout=300)
    assert p.returncode == 0 and f'{N - len(got)} added, {len(got)} skipped' in out, (out, err)
    whole(stored(tmp_path/'i.db')[0], ref)
