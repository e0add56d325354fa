"A full disk: opening needs no free space, close always closes, errors name the disk, and a bulk load's FTS triggers come back."
import os, sys, subprocess, textwrap, warnings, errno
import apsw, pytest
from litesearch import database, hash_embed
from litesearch.db import _fts_triggers
from _mounts import tmpfs, fill, free

def doc(i, n=12): return '# Act %d\n\n' % i + '\n\n'.join(f'## Article {k}\n\n' + ' '.join(f'term{(i * 31 + k * 7 + j) % 509}' for j in range(60))
                                                   for k in range(n)) + f'\n\nmarker{i} ends act {i}.'

def fts_ok(db, store='store'):
    "FTS5's own integrity check: raises CorruptError when the index and the table disagree."
    db.execute(f"INSERT INTO [{store}_fts]([{store}_fts], rank) VALUES ('integrity-check', 1)")
    return True

def limit(db, extra):
    "A database that is full `extra` pages from now (SQLite's max_page_count: a full disk wherever mounting is impossible)."
    db.conn.pragma('max_page_count', db.conn.pragma('page_count') + extra)

def unlimit(db): db.conn.pragma('max_page_count', 1 << 30)

# --- G: the disk-full error is the error raised, and the connection is left clean --------------------------------------

def test_full_database_error_is_clear(db_path):
    db = database(db_path)
    db.add_doc(doc(0, 1), title='small', embedder=hash_embed)
    limit(db, 5)
    with pytest.raises(apsw.FullError, match='database or disk is full'):     # was SQLError: cannot rollback - no transaction is active
        db.add_doc(doc(1, 60), title='big', embedder=hash_embed)
    assert not db.conn.in_transaction
    unlimit(db)
    assert db.add_doc(doc(2, 1), title='after', embedder=hash_embed)['chunks'] > 0
    assert [t['title'] for t in db.toc()] == ['small', 'after'] and fts_ok(db)
    db.close()

def test_add_dir_on_a_full_database_returns_its_results(tmp_path):
    "The files that hit the full disk carry its error; the others are written; nothing is raised over the results."
    src = tmp_path/'docs'; src.mkdir()
    for i in range(8): (src/f'a{i}.md').write_text(doc(i))
    for bulk in (False, True):
        db = database(tmp_path/f'd{bulk}.db'); db.get_tree()
        db.add_doc(doc(99, 1), title='first', embedder=hash_embed)
        limit(db, 40)
        with warnings.catch_warnings(record=True):
            warnings.simplefilter('always')
            res = db.add_dir(src, embedder=hash_embed, bulk=bulk, embed_batch=0)
        errs = [r for r in res if 'error' in r]
        assert len(res) == 8 and errs and len(errs) < 8, res
        assert all(r['error'].startswith('FullError: database or disk is full') for r in errs), errs
        unlimit(db)
        db.add_doc(doc(100, 1), title='later', embedder=hash_embed)        # a bulk load owed its triggers: put back first
        titles = {t['title'] for t in db.toc()}
        assert titles == {'first', 'later'} | {r['title'] for r in res if 'error' not in r}
        assert len(_fts_triggers(db.t.store)) == 3 and fts_ok(db)
        for r in res:
            if 'error' not in r: assert db.doc_search(f'marker{r["title"][1:]}')[0]['doc_id'] == r['doc_id']
        db.close()

# --- H: a bulk load whose FTS rebuild hits the full disk ---------------------------------------------------------------

def test_bulk_load_that_cannot_restore_its_triggers(db_path):
    db = database(db_path); T = db.get_tree()
    db.add_doc(doc(0, 2), title='before', embedder=hash_embed)
    with pytest.warns(UserWarning, match='could not restore its FTS triggers'), pytest.raises(apsw.FullError):
        with T.store.fts_bulk():
            for i in range(1, 5): db.add_doc(doc(i), title=f'bulk{i}', embedder=hash_embed)
            limit(db, 0)                                  # the disk fills as the load ends: the FTS rebuild has no room
    assert _fts_triggers(T.store) == []
    with pytest.raises(apsw.FullError):                   # still full: no write gets past a store without its triggers
        db.add_doc(doc(5, 1), title='while full', embedder=hash_embed)
    assert _fts_triggers(T.store) == [] and 'while full' not in {t['title'] for t in db.toc()}
    with pytest.raises(apsw.ConstraintError, match='no FTS triggers'): T.store.insert(dict(content='a raw write'))
    unlimit(db)                                            # room again: the next write restores them first
    db.add_doc(doc(6, 1), title='after', embedder=hash_embed)
    assert len(_fts_triggers(T.store)) == 3 and fts_ok(db)
    for i in (0, 1, 4, 6): assert len(T.store.fts_search(f'marker{i}')) == 1
    assert db.ls_meta('store.fts_bulk') == {}
    db.close()

def test_bulk_triggers_owed_at_close_are_restored_by_the_next_open(db_path):
    db = database(db_path); T = db.get_tree()
    db.add_doc(doc(0, 2), title='before', embedder=hash_embed)
    with pytest.warns(UserWarning), pytest.raises(apsw.FullError):
        with T.store.fts_bulk():
            for i in range(1, 5): db.add_doc(doc(i), title=f'bulk{i}', embedder=hash_embed)
            limit(db, 0)
    db.close()                                            # still full for this connection: close closes anyway
    db = database(db_path)
    assert len(_fts_triggers(db.get_tree().store)) == 3 and len(db.t.store.fts_search('marker2')) == 1 and fts_ok(db)
    db.close()

# --- F: close on a failed sidecar save ---------------------------------------------------------------------------------

def test_close_when_the_sidecar_cannot_be_saved(tmp_path, monkeypatch):
    "The save fails midway (as on a full disk): close warns, closes, leaves no temp file; the next open rebuilds the index."
    from usearch.index import Index
    p = tmp_path/'f.db'
    db = database(p); db.get_tree(ann=True)
    for i in range(4): db.add_doc(doc(i, 3), title=f'a{i}', embedder=hash_embed)
    assert len(db.t.store.ann) > 0
    def full_save(self, path, *a, **k):
        open(path, 'wb').write(b'\0' * 100)
        raise OSError(errno.ENOSPC, 'No space left on device')
    monkeypatch.setattr(Index, 'save', full_save)
    with pytest.warns(UserWarning, match='not saved .*rebuilt from the database next time'): db.close()
    with pytest.raises(apsw.ConnectionClosedError): db.execute('SELECT 1')
    assert [f.name for f in tmp_path.iterdir() if f.name.endswith('.tmp')] == []
    monkeypatch.undo()
    db = database(p)
    q = hash_embed(['term1 term2'])[0]
    assert len(db.t.store.ann_search(q, limit=3)) == 3
    db.close()

# --- on a real full disk (a small tmpfs; skipped where mounting is not permitted) ---------------------------------------

def test_open_and_close_on_a_full_disk(tmp_path):
    with tmpfs(tmp_path/'m', '4m') as d:
        p = d/'x.db'
        db = database(p); db.get_tree(ann=True)
        for i in range(6): db.add_doc(doc(i, 4), title=f'a{i}', embedder=hash_embed)
        assert len(db.t.store.ann) > 0                     # the index is open and dirty: close will save it
        fill(d)
        # E: a fresh process opens it (apsw's PRAGMA optimize at connect raised FullError) and reads
        code = textwrap.dedent(f'''
            import apsw
            from litesearch import database, hash_embed
            db = database({str(p)!r})
            print(len(db.toc()), len(db.sections('term5 term9', hash_embed(['term5 term9'])[0])))
            try: db.add_doc('# n\\n\\n' + 'new words ' * 3000, title='n')
            except (apsw.FullError, apsw.ReadOnlyError) as e: print(type(e).__name__)
            db.close()''')
        r = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout.split('\n')[:2] == ['6 5', 'FullError'], r.stderr[-2000:]
        assert 'read-only' not in r.stderr                 # the -shm is there: a writable open, only writes fail
        # F: close saves the sidecar on a full disk: a warning, the connection closed, no temp file left
        with pytest.warns(UserWarning, match='not saved'): db.close()
        with pytest.raises(apsw.ConnectionClosedError): db.execute('SELECT 1')
        assert not [f for f in os.listdir(d) if f.endswith('.tmp')]
        # E again with no -shm left to share and no room for one: read-only, with a warning saying why
        free(d); database(p).close()                       # a clean close checkpoints and removes the -wal and -shm
        assert sorted(os.listdir(d)) == ['x.db']              # the sidecar never saved: rebuilt when next wanted
        fill(d)
        r = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)
        assert r.returncode == 0 and r.stdout.split('\n')[:2] == ['6 5', 'ReadOnlyError'], r.stderr[-2000:]
        assert 'opened read-only because it could not be opened for writing' in r.stderr and 'the disk is full' in r.stderr
        free(d)
        db = database(p)
        assert len(db.toc()) == 6 and fts_ok(db) and len(db.t.store.ann_search(hash_embed(['term5'])[0], limit=3)) == 3
        db.close()

def test_bulk_load_fills_the_disk(tmp_path):
    "add_dir(bulk=True) runs out of room: its per-file results come back, and the triggers return once there is room again."
    src = tmp_path/'docs'; src.mkdir()
    for i in range(120): (src/f'a{i:03}.md').write_text(doc(i, 16))
    with tmpfs(tmp_path/'m', '3m') as d:
        (d/'ballast').write_bytes(b'\0' * (1 << 20))
        db = database(d/'b.db'); db.add_doc(doc(999, 1), title='first', embedder=hash_embed)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter('always')
            res = db.add_dir(src, embedder=hash_embed, bulk=True, embed_batch=200)
        errs = [r for r in res if 'error' in r]
        assert len(res) == 120 and errs and all('FullError' in r['error'] or 'disk' in r['error'] for r in errs), errs[:3]
        ok = [r for r in res if 'error' not in r]
        (d/'ballast').unlink()                              # room again
        db.add_doc(doc(1000, 1), title='later', embedder=hash_embed)
        assert len(_fts_triggers(db.t.store)) == 3 and fts_ok(db)
        assert {t['title'] for t in db.toc()} == {'first', 'later'} | {r['title'] for r in ok}
        for r in ok[:5] + ok[-5:]: assert db.doc_search(f'marker{int(r["title"][1:])}')[0]['doc_id'] == r['doc_id']
        db.close()
