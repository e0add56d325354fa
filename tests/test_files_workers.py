"add_dir's parse workers: a worker that dies costs only the file it was parsing; only an interrupt stops the walk."
import multiprocessing as mp, os, warnings
from pathlib import Path
import pytest
import litesearch.files as lf
from litesearch import database
from litesearch.embed import hash_embed
from litesearch.data import Profile, register_profile, read_text, _PROFILES

enc = lambda ts: hash_embed(ts, 64)

def in_worker(): return mp.parent_process() is not None

def _fragile(p):
    "Reads a memo, except in a worker: `crash*` kills the process (as a segfault in a PDF library would), `flaky*` kills it once, `stop*` is Ctrl-C."
    if in_worker():
        if p.stem.startswith('crash'): os._exit(1)
        if p.stem.startswith('flaky') and not p.with_suffix('.died').exists(): p.with_suffix('.died').touch(); os._exit(1)
        if p.stem.startswith('stop'): raise KeyboardInterrupt
    return [(0, read_text(p))]

@pytest.fixture
def fragile():
    register_profile(Profile('fragile', _fragile, lambda p, head: head.startswith('MEMO'), kind='memo'))
    yield
    del _PROFILES['fragile']

def memos(d, names):
    "`.pdf` files only the `fragile` profile reads, so they go to the workers."
    for n in names: (d/f'{n}.pdf').write_text(f'MEMO {n}\n\nQuarterly memo {n}: revenue, costs and the outlook for the year.')

def counts(db):
    "(documents, documents with nodes, documents with chunks, documents never completed)."
    q = lambda s: db.execute(s).fetchone()[0]
    return (q('SELECT count(*) FROM docs'), q('SELECT count(DISTINCT doc_id) FROM nodes'),
            q('SELECT count(DISTINCT doc_id) FROM store'), q('SELECT count(*) FROM docs WHERE hash IS NULL'))

def errors(res): return {Path(r['source']).name: r['error'] for r in res if 'error' in r}

def test_dead_worker_costs_only_its_file(tmp_path, fragile):
    d = tmp_path/'d'; d.mkdir()
    memos(d, ['a', 'crash', 'c'])
    db = database(tmp_path/'t.db')
    res = db.add_dir(d, embedder=enc, n_workers=2)
    assert res.stats['workers'] == 2 and res.stats['errors'] == 1
    assert list(errors(res)) == ['crash.pdf']
    assert errors(res)['crash.pdf'].startswith(f"worker died while parsing {str(d/'crash.pdf')!r}")
    assert [r['chunks'] for r in res if 'error' not in r] == [1, 1] and {t['title'] for t in db.toc()} == {'a', 'c'}
    assert counts(db) == (2, 2, 2, 0)
    assert db.execute('SELECT count(embedding) FROM store').fetchone()[0] == 2
    db.close()

def test_many_files_two_crashes_small_batches(tmp_path, fragile):
    "More files than workers, cheap files parsed here, a batch a document: everything but the two crashing files is written, whole."
    d = tmp_path/'d'; d.mkdir()
    names = [f'm{i:02}' for i in range(8)] + ['crash1', 'crash2']
    memos(d, names)
    for i in range(3): (d/f'note{i}.md').write_text(f'# Note {i}\n\nParsed in the parent while the workers run.')
    db = database()
    res = db.add_dir(d, embedder=enc, n_workers=2, embed_batch=1)
    assert sorted(errors(res)) == ['crash1.pdf', 'crash2.pdf'] and all('worker died while parsing' in e for e in errors(res).values())
    assert {t['title'] for t in db.toc()} == {*names[:8], 'note0', 'note1', 'note2'}
    assert counts(db) == (11, 11, 11, 0)
    again = db.add_dir(d, embedder=enc, n_workers=2)             # the rest is skipped unread; the crashing files fail again, alone
    assert again.stats['skipped'] == 11 and sorted(errors(again)) == ['crash1.pdf', 'crash2.pdf']

def test_a_file_that_killed_its_worker_once_is_retried(tmp_path, fragile):
    d = tmp_path/'d'; d.mkdir()
    memos(d, ['a', 'flaky', 'c', 'e'])
    db = database()
    res = db.add_dir(d, embedder=enc, n_workers=2)
    assert (d/'flaky.died').exists()                            # its first worker did die
    assert errors(res) == {} and {t['title'] for t in db.toc()} == {'a', 'c', 'e', 'flaky'}

def test_interrupt_in_a_worker_stops_the_walk_leaving_whole_documents(tmp_path, fragile):
    d = tmp_path/'d'; d.mkdir()
    for i in range(3): (d/f'note{i}.md').write_text(f'# Note {i}\n\npolonium report {i}')
    memos(d, ['stop'])
    db = database()
    with pytest.raises(KeyboardInterrupt): db.add_dir(d, embedder=enc, n_workers=2, embed_batch=1, bulk=True)
    assert counts(db) == (3, 3, 3, 0)                            # the notes were parsed here and written before the memo came back
    assert len(db.t.store.fts_search('polonium')) == 3           # bulk: the index was rebuilt on the way out
    db.t.store.insert({'content': 'later radium report'})       # and the triggers were restored
    assert len(db.t.store.fts_search('radium')) == 1

def test_pool_that_cannot_start_parses_here(tmp_path, monkeypatch, fragile):
    d = tmp_path/'d'; d.mkdir()
    memos(d, ['a', 'b'])
    def no_pool(n, **kw): raise OSError('fork failed')
    monkeypatch.setattr(lf, '_pool', no_pool)
    db = database()
    with pytest.warns(UserWarning, match=r'parse workers failed \(OSError: fork failed\); parsing 2 files in this process'):
        res = db.add_dir(d, embedder=enc, n_workers=2)
    assert errors(res) == {} and counts(db) == (2, 2, 2, 0)
