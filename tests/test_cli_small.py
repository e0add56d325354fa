"Small CLI behaviours from issue 11: a closed pipe is not a traceback; a binary file of an unknown type says 'unsupported type'."
import os, subprocess, sys, shutil
from litesearch import database

def _cmd(): return [shutil.which('litesearch')] if shutil.which('litesearch') else [sys.executable, '-m', 'litesearch.cli']

def test_closed_pipe_is_quiet(tmp_path):
    "`litesearch search ... | head` ended in a BrokenPipeError traceback."
    db = database(tmp_path/'p.db')
    for i in range(40): db.add_doc(f'# Note {i}\nSaturn transits the sign number {i} slowly.', title=f'note{i}')
    db.close()
    p = subprocess.Popen(_cmd() + ['search', 'saturn transits', '--limit', '40', '--json', '--db', str(tmp_path/'p.db')],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    p.stdout.close()                        # the reader is gone before the command prints
    err = p.stderr.read().decode(); p.wait(timeout=120)
    assert 'Traceback' not in err and 'BrokenPipe' not in err, err
    assert p.returncode == 0

def test_binary_of_unknown_type_says_unsupported(tmp_path):
    f = tmp_path/'report.docx'; f.write_bytes(b'PK\x03\x04\x00\x00' + bytes(range(256)))
    r = subprocess.run(_cmd() + ['add', str(f), '--db', str(tmp_path/'d.db')], capture_output=True, text=True, timeout=120)
    assert r.returncode == 1 and "unsupported file type '.docx'" in r.stdout + r.stderr and 'looks binary' not in r.stdout + r.stderr
