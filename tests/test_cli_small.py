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

def test_readding_a_folder_lists_no_skipped_files(tmp_path):
    "Re-adding a folder printed one 'skipped' line per unchanged file; the summary counts them."
    d = tmp_path/'docs'; d.mkdir()
    for i in range(5): (d/f'n{i}.md').write_text(f'# Note {i}\ntext {i}')
    run = lambda: subprocess.run(_cmd() + ['add', str(d), '--db', str(tmp_path/'r.db')], capture_output=True, text=True, timeout=120)
    assert run().returncode == 0
    r = run()
    assert r.returncode == 0 and 'skipped ' not in r.stdout.replace('5 skipped', '') and '0 added, 5 skipped' in r.stdout, r.stdout

def test_no_flags_help_says_what_they_do():
    "`read --no-children` said 'include the text of sub-sections', the opposite of what it does."
    r = subprocess.run(_cmd() + ['read', '--help'], capture_output=True, text=True, timeout=60)
    assert 'do not include the text of sub-sections' in r.stdout, r.stdout

def test_mcp_json_is_refused(tmp_path):
    "`mcp --json` was accepted and ignored."
    r = subprocess.run(_cmd() + ['mcp', '--json', '--db', str(tmp_path/'m.db')], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert r.returncode == 2 and '--json does not apply' in r.stderr

STUB = ('<html><head><title>Redirecting...</title><meta http-equiv="refresh" content="0; URL=ch20-04-closures.html"></head>'
        '<body><p>Redirecting to... <a href="ch20-04-closures.html">ch20-04-closures.html</a>.</p></body></html>')

def test_redirect_stubs_are_reported_not_stored(tmp_path):
    "A docs site's old addresses redirect at once; stored, each was a one-chunk document named by its old file name."
    d = tmp_path/'site'; d.mkdir()
    (d/'ch19-05-closures.html').write_text(STUB)
    (d/'ch20-04-closures.html').write_text('<html><body><main><h1>Closures</h1><p>Closures capture their environment.</p></main></body></html>')
    db = database(tmp_path/'s.db')
    r = db.add_dir(d)
    got = {x['title']: x for x in r}
    assert got['ch19-05-closures']['redirect'] == 'ch20-04-closures.html' and got['ch19-05-closures']['skipped'] and r.stats['redirects'] == 1
    assert [t for t, in db.execute('SELECT title FROM docs')] == ['ch20-04-closures']
    assert db.add_file(d/'ch19-05-closures.html')['redirect'] == 'ch20-04-closures.html'
    db.close()
    out = subprocess.run(_cmd() + ['add', str(d), '--db', str(tmp_path/'c.db')], capture_output=True, text=True, timeout=120).stdout
    assert f'redirect {d/"ch19-05-closures.html"} -> ch20-04-closures.html (not stored)' in out and '1 added' in out and '1 redirect;' in out, out

def test_a_stored_page_that_became_a_stub_is_read_as_it_is(tmp_path):
    "Skipping it would leave the page's old text stored under its source: a stub replaces a stored page like any new text."
    f = tmp_path/'ch19-05-closures.html'
    f.write_text('<html><body><h1>Closures</h1><p>Closures capture their environment.</p></body></html>')
    db = database(tmp_path/'s.db')
    db.add_file(f)
    f.write_text(STUB); os.utime(f, ns=(1, 1))
    r = db.add_file(f)
    assert 'redirect' not in r and r.get('replaced'), r
    assert 'capture' not in ' '.join(t for t, in db.execute('SELECT content FROM store'))

def test_files_of_other_types_are_said_left_out(tmp_path):
    "A folder's files of a type not read (`.gz` changelogs, a `Makefile`) were passed over in silence; the summary counts them."
    import json
    d = tmp_path/'doc'; d.mkdir()
    (d/'guide.md').write_text('# Guide\nHow to install it.')
    (d/'changelog.gz').write_bytes(b'\x1f\x8b\x08\x00'); (d/'NEWS.gz').write_bytes(b'\x1f\x8b\x08\x00'); (d/'Makefile').write_text('all:\n')
    r = subprocess.run(_cmd() + ['add', str(d), '--db', str(tmp_path/'g.db')], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and 'left out 3 files of other types ((none) 1, .gz 2): --types' in r.stdout, r.stdout
    r = subprocess.run(_cmd() + ['--json', 'add', str(d), '--db', str(tmp_path/'g.db')], capture_output=True, text=True, timeout=120)
    assert json.loads(r.stdout)['left_out'] == {'(none)': 1, '.gz': 2}
    r = subprocess.run(_cmd() + ['add', str(d/'guide.md'), '--db', str(tmp_path/'g.db')], capture_output=True, text=True, timeout=120)
    assert 'left out' not in r.stdout          # a file named is read or fails: nothing is left out
