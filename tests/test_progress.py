"Issue 26: a load says how far it is (chunks embedded, chunks/s, ETA on stderr) and parses the next files while a batch embeds."
import fcntl, io, os, pty, re, struct, subprocess, sys, termios, threading, time, warnings
from contextlib import redirect_stderr
from pathlib import Path
import pytest
from litesearch import database
from litesearch.embed import hash_embed
from litesearch.data import Profile, register_profile, read_text, _PROFILES

def corpus(d:Path, n=12):
    d.mkdir()
    for i in range(n):
        (d/f'doc{i:02}.md').write_text(f'# Doc {i}\n\n' + '\n\n'.join(
            f'## Part {s}\n\n' + f'Saturn transit number {i} in part {s} of the ledger, with remarks on houses and signs. ' * 4 for s in range(3)))

def slow(ts):
    time.sleep(0.02 * len(ts)); return hash_embed(ts, dim=64)

def states(err:str)->list:
    "(n, total) of each state the bar drew."
    return [(int(a), int(b)) for a, b in re.findall(r'\| *(\d+)/(\d+) \[', err)]

def test_bar_counts_chunks_with_rate_and_eta(tmp_path):
    d = tmp_path/'docs'; corpus(d, 24)
    db, err = database(), io.StringIO()
    with redirect_stderr(err), warnings.catch_warnings(record=True) as ws:
        warnings.simplefilter('always')
        res = db.add_dir(d, embedder=slow, progress=True)
    chunks, out = res.stats['chunks'], err.getvalue()
    s = states(out)
    assert s[-1] == (chunks, chunks), s[-5:]                            # ends at every chunk embedded
    assert len({n for n, _ in s if 0 < n < chunks}) >= 2, s              # and moved in between, a slice of chunks at a time
    assert 'chunk/s' in out and re.search(r'<\d\d:\d\d', out) and '24/24 files' in out, out[-300:]
    assert 'IProgress' not in out and not ws, [str(w.message) for w in ws]

def test_no_bar_unless_asked(tmp_path):
    d = tmp_path/'docs'; corpus(d, 2)
    err = io.StringIO()
    with redirect_stderr(err): database().add_dir(d, embedder=slow, progress=False)
    assert err.getvalue() == ''

def test_cli_bar_on_a_terminal_and_lines_as_documents_land(tmp_path):
    "`litesearch add` with stderr on a terminal draws the bar there; its stdout lists each document as it lands."
    d = tmp_path/'docs'; corpus(d)
    (tmp_path/'slowemb.py').write_text('import time\nfrom litesearch.embed import hash_embed\n'
                                       'def embed(texts):\n    time.sleep(0.02 * len(texts))\n    return hash_embed(texts, dim=64)\n')
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack('HHHH', 30, 100, 0, 0))     # a terminal 100 columns wide
    p = subprocess.Popen([sys.executable, '-m', 'litesearch.cli', 'add', str(d), '--db', str(tmp_path/'t.db'), '--embedder', 'slowemb:embed',
                          '--embed-batch', '8'], cwd=tmp_path, stdout=subprocess.PIPE, stderr=slave, text=True,
                         env={k: v for k, v in os.environ.items() if k != 'LITESEARCH_DB'})
    os.close(slave)
    err = []
    def drain():
        while True:
            try: b = os.read(master, 4096)
            except OSError: return          # the child closed the terminal
            if not b: return
            err.append(b.decode('utf-8', 'replace'))
    t = threading.Thread(target=drain); t.start()
    lines = []
    for line in p.stdout: lines.append((line, p.poll() is None))
    p.wait(); t.join(); os.close(master)
    err = ''.join(err)
    assert p.returncode == 0, err
    assert [l for l, _ in lines if l.startswith('added')] and all(live for l, live in lines if l.startswith('added')), lines
    assert lines[-1][0].startswith('12 documents: 12 added'), lines[-1]
    s = states(err)
    assert s and s[-1][0] == s[-1][1] and 'chunk/s' in err and '12/12 files' in err, err[-500:]

@pytest.fixture
def timed():
    "A profile that notes, per file it reads, whether an embedding was running meanwhile."
    log, busy = [], threading.Event()
    def parse(p):
        log.append(busy.is_set()); time.sleep(0.02)
        return [(0, read_text(p))]
    register_profile(Profile('timed', parse, lambda p, head: head.startswith('TIMED'), kind='memo'))
    def emb(ts):
        busy.set(); time.sleep(0.05)
        busy.clear(); return hash_embed(ts, dim=64)
    yield log, emb
    del _PROFILES['timed']

@pytest.mark.parametrize('thread', [True, False])
def test_files_parse_while_a_batch_embeds(tmp_path, timed, thread):
    "With `thread` (the default) the next files are read while a batch embeds; without it, never."
    log, emb = timed
    for i in range(10): (tmp_path/f'm{i}.txt').write_text(f'TIMED memo {i}\n\nQuarterly memo {i}: revenue and costs.')
    res = database().add_dir(tmp_path, embedder=emb, embed_batch=1, n_workers=0, thread=thread)
    assert res.stats['parsed'] == 10 and not res.stats['errors']
    assert any(log) == thread, log
