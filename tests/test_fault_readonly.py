"A database on a read-only filesystem (or opened with readonly=True) opens read-only: reads work, writes raise a clear error."
import os, sys, subprocess, textwrap, warnings, hashlib
import apsw, pytest
from litesearch import database, hash_embed
from _mounts import tmpfs, remount

DOCS = [('# Tax %d\n\n## Supply\n\nThe place of supply of services %d is where the customer is established.\n\n'
         '## Rates\n\nA reduced rate of VAT applies to books and to item %d.' % (i, i, i), f'act{i}') for i in range(6)]

def build(p, ann=False):
    db = database(p)
    if ann: db.get_tree(ann=True)
    for text, title in DOCS: db.add_doc(text, title=title, embedder=hash_embed)
    if ann: len(db.t.store.ann)          # the HNSW index is open (and dirty): close saves its sidecar
    db.close()

def digest(d): return {f: hashlib.sha1((d/f).read_bytes()).hexdigest() for f in sorted(os.listdir(d))}

def check_reads(db):
    "Every read call works on the read-only connection."
    toc = db.toc()
    assert [t['title'] for t in toc] == [t for _, t in DOCS]
    nid = toc[0]['sections'][0]['node_id']
    assert 'place of supply' in db.read(nid)['text']
    q = 'place of supply of services'
    secs = db.sections(q, hash_embed([q])[0])
    assert len(secs) == 5 and secs[0]['title'] == 'Supply' and all(s['title'] in ('Supply', 'Rates') for s in secs)
    assert len(db.doc_search('reduced rate books')) > 0
    assert len(db.chunk_search('reduced rate', hash_embed(['reduced rate'])[0])) > 0
    assert db.context(q, hash_embed([q])[0], limit=2)['sections']

def check_writes_refused(db, why):
    for f in (lambda: db.add_doc('# New\n\nnew text', title='new'),
              lambda: db.delete_doc(db.toc()[0]['doc_id']),
              lambda: db.add_dir(files=[__file__]),
              lambda: db.get_store('other')):
        with pytest.raises(apsw.ReadOnlyError, match=f'opened read-only because {why}.*writable folder'): f()

def test_readonly_flag(tmp_path):
    "database(path, readonly=True): reads work, every write says why it is refused, the files are untouched, no warning."
    p = tmp_path/'r.db'; build(p, ann=True)
    before = digest(tmp_path)
    with warnings.catch_warnings():
        warnings.simplefilter('error')
        db = database(p, readonly=True)
    check_reads(db)
    check_writes_refused(db, 'readonly=True was asked for')
    db.close()
    after = digest(tmp_path)
    assert {f: after[f] for f in before} == before       # the database and its sidecars unchanged
    assert (tmp_path/'r.db-wal').stat().st_size == 0      # a read-only WAL reader may leave an empty -wal and its -shm
    with pytest.raises(FileNotFoundError, match='no database there to open read-only'): database(tmp_path/'none.db', readonly=True)
    assert not (tmp_path/'none.db').exists()

def test_readonly_mount(tmp_path):
    "A database on a filesystem mounted read-only opens (it used to fail with NoFTS5Error), warns once, reads, refuses writes."
    with tmpfs(tmp_path/'m', '8m') as d:
        build(d/'r.db', ann=True)
        assert sorted(os.listdir(d)) == ['r.db', 'r.db.store.usearch', 'r.db.store.usearch.json']   # no -wal, no -shm
        remount(d, 'ro')
        with pytest.warns(UserWarning, match='opened read-only because its filesystem is mounted read-only') as w:
            db = database(d/'r.db')
        assert len([x for x in w if 'read-only' in str(x.message)]) == 1
        check_reads(db)
        check_writes_refused(db, 'its filesystem is mounted read-only')
        db.close()
        # a fresh process too, as a user would meet it
        code = f"from litesearch import database; db = database({str(d/'r.db')!r}); print(len(db.toc()), len(db.sections('supply'))); db.close()"
        r = subprocess.run([sys.executable, '-c', code], capture_output=True, text=True)
        assert (r.returncode, r.stdout) == (0, '6 5\n'), r.stderr[-2000:]
        assert 'opened read-only because its filesystem is mounted read-only' in r.stderr
        # a database that does not exist there yet: a clear error, not 'unable to open database file'
        with pytest.raises(apsw.CantOpenError, match='cannot create a database here: its filesystem is mounted read-only'):
            database(d/'new.db')
        remount(d, 'rw')

def test_readonly_mount_with_wal(tmp_path):
    "A writer killed before its -wal was checkpointed, then the disk made read-only: the -wal's documents are read too."
    with tmpfs(tmp_path/'m', '8m') as d:
        p = d/'w.db'
        code = textwrap.dedent(f'''
            import os
            from litesearch import database, hash_embed
            db = database({str(p)!r})
            for text, title in {DOCS!r}: db.add_doc(text, title=title, embedder=hash_embed)
            os._exit(0)            # no close: the -wal and -shm stay''')
        subprocess.run([sys.executable, '-c', code], check=True)
        assert {'w.db-wal', 'w.db-shm'} <= set(os.listdir(d)) and (d/'w.db-wal').stat().st_size > 0
        remount(d, 'ro')
        with pytest.warns(UserWarning, match='opened read-only'): db = database(p)
        check_reads(db)
        db.close()
        remount(d, 'rw')

def test_readonly_folder(tmp_path):
    "A folder without write permission (no -wal/-shm can be made there): read-only with a warning. Root ignores permissions."
    if os.geteuid() == 0: pytest.skip('running as root, which ignores file permissions (the read-only mount test covers this)')
    d = tmp_path/'locked'; d.mkdir(); build(d/'r.db')
    d.chmod(0o555)
    try:
        with pytest.warns(UserWarning, match='opened read-only because its folder is not writable'): db = database(d/'r.db')
        check_reads(db); check_writes_refused(db, 'its folder is not writable'); db.close()
    finally: d.chmod(0o755)

def test_readonly_older_tree(tmp_path):
    "A tree written before document profiles existed (no docs_fts, no label column) reads on a read-only file: they are built in TEMP."
    p = tmp_path/'old.db'; build(p)
    db = database(p); db.execute('DROP TABLE docs_fts'); db.execute('ALTER TABLE docs DROP COLUMN label'); db.close()
    before = digest(tmp_path)
    db = database(p, readonly=True)                     # was ReadOnlyError: reading meant upgrading the file first
    check_reads(db)
    assert db.docs('reduced rate item 3')[0]['title'] == 'act3'
    db.close()
    after = digest(tmp_path)
    assert {f: after[f] for f in before} == before
    db = database(p); db.get_tree()                      # writable again: upgraded in place, as before
    assert db.t.docs_fts.count == len(DOCS) and 'label' in db.t.docs.columns_dict
    db.close()
